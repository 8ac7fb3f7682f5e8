import { describe, expect, it } from 'vitest';
import { createAdmin, readOutbox, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createApp } from '../app.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { listProviders, providerBody, registerProvider, setStatus } from '../../testing/service-providers.ts';

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const applicant = createClient(app);
  await registerUser(applicant, { firstName: 'Kofi', lastName: 'Asante', userType: 'owner' });
  const admin = createClient(app);
  const adminAccount = await createAdmin({ deps }, admin);
  const renter = createClient(app);
  await registerUser(renter);
  const visitor = createClient(app);
  return { app, deps, applicant, admin, adminAccount, renter, visitor };
}

const eventsOf = (id: string) =>
  database().query<{ type: string; data: Record<string, unknown>; actor: string | null }>(
    `select type, data, metadata->>'actorId' as actor from events where stream_id = $1 order by stream_version`,
    [`service-provider-${id}`],
  );

describe('service provider lifecycle', () => {
  it('registers a pending application for the signed-in account, with the fields as given and trimmed', async () => {
    const { applicant, admin } = await setup();
    const res = await applicant.request('/api/service-providers', {
      method: 'POST',
      json: providerBody({
        businessName: '  Kofi Pipes  ',
        email: 'KOFI@Example.com',
        phone: '024 123 4567',
        description: undefined,
      }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      categoryId: 'plumber',
      businessName: 'Kofi Pipes',
      contactPerson: 'Kofi Asante',
      email: 'kofi@example.com',
      phone: '+233241234567',
      businessAddress: '12 Ring Road, Accra',
      serviceArea: 'Accra and Tema',
      yearsExperience: 7,
      servicesOffered: 'Leaks, boreholes, water heaters',
      emergencyAvailable: true,
      description: '',
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const page = await listProviders(admin, '?status=pending');
    expect(page.providers.map((p) => p.id)).toEqual([body.id]);
  });

  it('goes pending → approved → rejected (revoked) → approved again, each event naming the admin', async () => {
    const { applicant, admin, adminAccount } = await setup();
    const p = await registerProvider(applicant);
    expect((await setStatus(admin, p.id, 'approved')).status).toBe('approved');
    const revoke = await admin.request(`/api/service-providers/${p.id}/status`, {
      method: 'PATCH',
      json: { status: 'rejected' },
    });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toMatchObject({
      message: 'Service provider rejected. They do not show in the directory.',
      provider: { id: p.id, status: 'rejected' },
    });
    const again = await admin.request(`/api/service-providers/${p.id}/status`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    expect(await again.json()).toMatchObject({
      message: 'Service provider approved. They now show in the directory.',
      provider: { status: 'approved' },
    });
    const events = await eventsOf(p.id);
    expect(events.map((e) => e.type)).toEqual([
      'ServiceProviderRegistered',
      'ServiceProviderApproved',
      'ServiceProviderApprovalRevoked',
      'ServiceProviderReapproved',
    ]);
    const adminId = adminAccount.user.id;
    expect(events.slice(1)).toEqual([
      expect.objectContaining({ actor: adminId, data: expect.objectContaining({ approvedBy: adminId }) }),
      expect.objectContaining({ actor: adminId, data: expect.objectContaining({ revokedBy: adminId }) }),
      expect.objectContaining({ actor: adminId, data: expect.objectContaining({ approvedBy: adminId }) }),
    ]);
  });

  it('rejects a pending application', async () => {
    const { applicant, admin } = await setup();
    const p = await registerProvider(applicant);
    expect((await setStatus(admin, p.id, 'rejected')).status).toBe('rejected');
    expect((await eventsOf(p.id)).map((e) => e.type)).toEqual(['ServiceProviderRegistered', 'ServiceProviderRejected']);
  });

  it('records nothing when the status asked for is the one it has', async () => {
    const { applicant, admin } = await setup();
    const p = await registerProvider(applicant);
    await setStatus(admin, p.id, 'approved');
    expect((await setStatus(admin, p.id, 'approved')).status).toBe('approved');
    expect(await eventsOf(p.id)).toHaveLength(2);
  });

  it('answers 409 to sending a reviewed application back to pending, and changes nothing', async () => {
    const { applicant, admin } = await setup();
    const p = await registerProvider(applicant);
    await setStatus(admin, p.id, 'rejected');
    const res = await admin.request(`/api/service-providers/${p.id}/status`, {
      method: 'PATCH',
      json: { status: 'pending' },
    });
    expect(await expectError(res, 409, 'provider_transition_not_allowed')).toEqual({
      error: 'A reviewed application cannot go back to pending.',
      code: 'provider_transition_not_allowed',
    });
    expect(await eventsOf(p.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown or malformed id and 400 for an unknown status', async () => {
    const { applicant, admin } = await setup();
    const p = await registerProvider(applicant);
    const unknown = await admin.request('/api/service-providers/00000000-0000-4000-8000-000000000000/status', {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    expect(await expectError(unknown, 404, 'provider_not_found')).toMatchObject({
      error: 'Service provider not found',
    });
    await expectError(
      await admin.request('/api/service-providers/not-an-id/status', { method: 'PATCH', json: { status: 'approved' } }),
      404,
      'provider_not_found',
    );
    const bad = await admin.request(`/api/service-providers/${p.id}/status`, {
      method: 'PATCH',
      json: { status: 'live' },
    });
    expect((await expectError(bad, 400, 'invalid_input')).issues).toEqual([
      { path: 'status', message: 'status must be one of pending, approved, rejected' },
    ]);
    await expectError(
      await admin.request(`/api/service-providers/${p.id}/status`, { method: 'PATCH', json: [] }),
      400,
      'invalid_input',
    );
  });

  it('refuses a second pending application of one account (409), and takes one after a review', async () => {
    const { applicant, admin } = await setup();
    const first = await registerProvider(applicant);
    const res = await applicant.request('/api/service-providers', { method: 'POST', json: providerBody() });
    expect(await expectError(res, 409, 'provider_pending_exists')).toMatchObject({
      error: 'You already have an application waiting for review. We will contact you within 24 hours.',
    });
    expect((await listProviders(admin)).total).toBe(1);
    await setStatus(admin, first.id, 'rejected');
    await registerProvider(applicant);
    expect((await listProviders(admin)).counts).toEqual({ pending: 1, approved: 0, rejected: 1 });
  });

  it('tells the applicant by e-mail when approved, rejected, revoked and approved again', async () => {
    const { app, applicant, admin } = await setup();
    const p = await registerProvider(applicant, {
      businessName: 'Ama Gardens',
      email: 'ama.gardens@example.com',
      categoryId: 'gardener',
    });
    expect(await readOutbox(app, 'ama.gardens@example.com')).toEqual([]);
    await setStatus(admin, p.id, 'approved');
    // Nobody proved this address: the e-mails do not name the business (its name is the applicant's words).
    const [approved] = await readOutbox(app, 'ama.gardens@example.com');
    expect(approved).toMatchObject({ channel: 'email', subject: 'Your business is approved on Efie' });
    expect(approved!.text).toContain(
      'Good news: we approved the business that gave this e-mail address on its application. It now shows in the Efie service directory with a Verified badge',
    );
    expect(approved!.text).toContain('http://localhost:3000/services');
    await setStatus(admin, p.id, 'approved');
    expect(await readOutbox(app, 'ama.gardens@example.com')).toHaveLength(1);
    await setStatus(admin, p.id, 'rejected');
    const [revoked] = await readOutbox(app, 'ama.gardens@example.com');
    expect(revoked).toMatchObject({ subject: 'Your business is no longer listed on Efie' });
    expect(revoked!.text).toContain('We have withdrawn the approval of the business that gave this e-mail address');
    await setStatus(admin, p.id, 'approved');
    expect((await readOutbox(app, 'ama.gardens@example.com')).map((m) => m.subject)).toEqual([
      'Your business is approved on Efie',
      'Your business is no longer listed on Efie',
      'Your business is approved on Efie',
    ]);
    const other = await registerProvider(admin, { businessName: 'Bad Paint', email: 'bad.paint@example.com' });
    await setStatus(admin, other.id, 'rejected');
    const [rejected] = await readOutbox(app, 'bad.paint@example.com');
    expect(rejected).toMatchObject({ subject: 'Your Efie service provider application' });
    expect(rejected!.text).toContain('cannot approve it for now');
    expect(rejected!.text).not.toContain('Bad Paint');
  });

  it('records a decision but holds its e-mail back once the address has had its 3 messages in 15 minutes, and tells the admin', async () => {
    const { app, applicant, admin } = await setup();
    const target = 'flooded@example.com';
    // Three contact-form acknowledgements fill the address's limit on what Efie sends it.
    for (let i = 0; i < 3; i++) {
      const res = await createClient(app).request('/api/contact/message', {
        method: 'POST',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        json: {
          firstName: 'Kofi',
          lastName: 'Owusu',
          email: target,
          contactMethod: 'email',
          userType: 'landlord',
          subject: 'Hello',
          message: 'Hi',
        },
      });
      expect(res.status).toBe(201);
    }
    const p = await registerProvider(applicant, { email: target });
    const res = await admin.request(`/api/service-providers/${p.id}/status`, {
      method: 'PATCH',
      json: { status: 'rejected' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message:
        'Service provider rejected. They do not show in the directory. No e-mail was sent: Efie has sent this address as many messages as it may for now.',
      emailHeldBack: true,
    });
    expect((await eventsOf(p.id)).map((e) => e.type)).toEqual(['ServiceProviderRegistered', 'ServiceProviderRejected']);
    expect((await readOutbox(app, target)).map((m) => m.subject)).not.toContain(
      'Your Efie service provider application',
    );
  });

  it('answers a replayed status change from the first answer, with no second event and no second message', async () => {
    const { app, applicant, admin } = await setup();
    const p = await registerProvider(applicant, { email: 'replay@example.com' });
    const send = () =>
      admin.request(`/api/service-providers/${p.id}/status`, {
        method: 'PATCH',
        json: { status: 'approved' },
        headers: { 'idempotency-key': 'approve-1' },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const second = await send();
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(firstBody);
    expect(await eventsOf(p.id)).toHaveLength(2);
    expect(await readOutbox(app, 'replay@example.com')).toHaveLength(1);
  });

  it('stores no decision whose message could not be put in the outbox (one transaction)', async () => {
    const { deps, applicant, admin } = await setup();
    const p = await registerProvider(applicant, { email: 'atomic@example.com' });
    const failing = createApp({
      ...deps,
      outbox: {
        ...deps.outbox,
        enqueue: async () => {
          throw new Error('outbox down');
        },
      },
    });
    const adminOnFailing = createClient(failing);
    adminOnFailing.cookies.set(...[...admin.cookies][0]!);
    const res = await adminOnFailing.request(`/api/service-providers/${p.id}/status`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    expect(await expectError(res, 500, 'server_error')).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'server_error',
    });
    expect(await eventsOf(p.id)).toHaveLength(1);
    expect((await listProviders(admin, '?status=pending')).providers.map((x) => x.id)).toEqual([p.id]);
    expect((await setStatus(admin, p.id, 'approved')).status).toBe('approved');
  });
});
