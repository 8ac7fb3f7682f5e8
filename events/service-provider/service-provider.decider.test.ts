import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { foldEvents } from '../store/decider.ts';
import {
  PROVIDER_ERRORS,
  serviceProviderDecider,
  type ServiceProviderCommand,
  type ServiceProviderEvent,
} from './service-provider.decider.ts';
import type { ProviderDetails, ProviderStatus } from './service-provider.events.ts';

const at = '2026-11-23T10:00:00.000Z';
const applicant = 'user-1';
const admin = { id: 'admin-1', isAdmin: true };
const notAdmin = { id: 'user-2', isAdmin: false };
const providerId = 'sp-1';
const details: ProviderDetails = {
  categoryId: 'plumber',
  businessName: 'Kofi Pipes',
  contactPerson: 'Kofi Asante',
  email: 'kofi@example.com',
  phone: '+233241234567',
  businessAddress: '12 Ring Road, Accra',
  serviceArea: 'Accra, Tema',
  yearsExperience: 7,
  servicesOffered: 'Leaks, boreholes, water heaters',
  emergencyAvailable: true,
  description: '',
};

const registered: ServiceProviderEvent = {
  type: 'ServiceProviderRegistered',
  data: { providerId, applicantId: applicant, details, registeredAt: at },
};
const approved: ServiceProviderEvent = {
  type: 'ServiceProviderApproved',
  data: { providerId, approvedBy: admin.id, approvedAt: at },
};
const rejected: ServiceProviderEvent = {
  type: 'ServiceProviderRejected',
  data: { providerId, rejectedBy: admin.id, rejectedAt: at },
};
const revoked: ServiceProviderEvent = {
  type: 'ServiceProviderApprovalRevoked',
  data: { providerId, revokedBy: admin.id, revokedAt: at },
};
const reapproved: ServiceProviderEvent = {
  type: 'ServiceProviderReapproved',
  data: { providerId, approvedBy: admin.id, approvedAt: at },
};

const given = givenWhenThen(serviceProviderDecider);

const setStatus = (status: ProviderStatus, actor = admin): ServiceProviderCommand => ({
  type: 'SetProviderStatus',
  actor,
  status,
  at,
});

describe('service provider decider', () => {
  it('registers a new application as pending', () => {
    given().when({ type: 'RegisterProvider', providerId, applicantId: applicant, details, at }).then([registered]);
    expect(foldEvents(serviceProviderDecider, [registered])).toMatchObject({
      status: 'pending',
      applicantId: applicant,
    });
  });
  it('refuses to register the same id twice', () => {
    given(registered)
      .when({ type: 'RegisterProvider', providerId, applicantId: applicant, details, at })
      .thenRefuses('provider_exists', 'conflict');
  });
  it('approves a pending application, naming the admin', () => {
    given(registered).when(setStatus('approved')).then([approved]);
  });
  it('rejects a pending application, naming the admin', () => {
    given(registered).when(setStatus('rejected')).then([rejected]);
  });
  it('revokes an approval (approved → rejected)', () => {
    given(registered, approved).when(setStatus('rejected')).then([revoked]);
  });
  it('approves a rejected application again (rejected → approved)', () => {
    given(registered, rejected).when(setStatus('approved')).then([reapproved]);
    given(registered, approved, revoked).when(setStatus('approved')).then([reapproved]);
  });
  it('revokes an approval given again', () => {
    given(registered, rejected, reapproved).when(setStatus('rejected')).then([revoked]);
  });
  it('records nothing when the status is already the one asked for', () => {
    given(registered).when(setStatus('pending')).then([]);
    given(registered, approved).when(setStatus('approved')).then([]);
    given(registered, rejected).when(setStatus('rejected')).then([]);
  });
  it('refuses to send a reviewed application back to pending', () => {
    given(registered, approved).when(setStatus('pending')).thenRefuses('provider_transition_not_allowed', 'conflict');
    given(registered, rejected).when(setStatus('pending')).thenRefuses('provider_transition_not_allowed', 'conflict');
  });
  it('refuses a status change by someone who is not an admin', () => {
    given(registered).when(setStatus('approved', notAdmin)).thenRefuses('admin_only', 'forbidden');
  });
  it('refuses a status change of an application that does not exist', () => {
    given().when(setStatus('approved')).thenRefuses('provider_not_found', 'not_found');
  });
  it('names a second application while one is pending a 409 provider_pending_exists, telling the applicant when to expect an answer', () => {
    // The route raises it (the one-pending rule spans streams); the decider's catalogue owns its code and text.
    expect(PROVIDER_ERRORS.pendingElsewhere()).toMatchObject({
      kind: 'conflict',
      code: 'provider_pending_exists',
      message: 'You already have an application waiting for review. We will contact you within 24 hours.',
    });
  });
});
