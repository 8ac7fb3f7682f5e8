import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { agentLicenseDecider, type AgentLicenseEvent } from './agent-license.decider.ts';

const userId = '10000000-0000-4000-8000-000000000001';
const admin = { id: 'admin-1', isAdmin: true };
const agent = { id: userId, isAdmin: false };
const at = '2026-11-29T10:00:00.000Z';
const number = 'REAC/AG/2024/0117';

const verified = (licenseNumber = number): AgentLicenseEvent => ({
  type: 'AgentLicenseVerified',
  data: { userId, licenseNumber, verifiedBy: admin.id, verifiedAt: at },
});
const rejected = (licenseNumber = number, reason = 'Not on the council’s register'): AgentLicenseEvent => ({
  type: 'AgentLicenseRejected',
  data: { userId, licenseNumber, reason, rejectedBy: admin.id, rejectedAt: at },
});
const verify = (licenseNumber = number, actor = admin) =>
  ({ type: 'VerifyLicense', actor, userId, licenseNumber, at }) as const;
const reject = (licenseNumber = number, reason = 'Not on the council’s register', actor = admin) =>
  ({ type: 'RejectLicense', actor, userId, licenseNumber, reason, at }) as const;

const given = givenWhenThen(agentLicenseDecider);

describe('agent licence decider', () => {
  it('verifies an agent’s licence number, naming the admin', () => {
    given().when(verify()).then([verified()]);
  });

  it('rejects a number with the reason the agent is shown', () => {
    given().when(reject()).then([rejected()]);
  });

  it('lets only an admin check a licence, the agent included', () => {
    given().when(verify(number, agent)).thenRefuses('admin_only', 'forbidden');
    given()
      .when(reject(number, 'I say so', agent))
      .thenRefuses('admin_only', 'forbidden');
  });

  it('refuses the same finding about the same number twice (a stale panel)', () => {
    given(verified()).when(verify()).thenRefuses('license_already_verified', 'conflict');
    given(rejected()).when(reject()).thenRefuses('license_already_rejected', 'conflict');
  });

  it('lets a later check reverse the first: a licence revoked, or a mistake put right', () => {
    given(verified()).when(reject()).then([rejected()]);
    given(rejected()).when(verify()).then([verified()]);
  });

  it('checks a new number afresh, whatever the old one was found to be', () => {
    given(verified('REAC/AG/2023/0001')).when(verify()).then([verified()]);
    given(rejected('REAC/AG/2023/0001')).when(reject()).then([rejected()]);
  });
});
