import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { ServiceProvider } from '../contract/service-providers.schema.ts';
import { providerBody } from '../../testing/service-providers.ts';
import { randomUUID } from 'node:crypto';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { providerCommands } from './provider-commands.ts';

const database = useMigratedDatabase();

async function setup() {
  const { app } = await createTestApp(database());
  const applicant = createClient(app);
  await registerUser(applicant, { userType: 'owner' });
  return { app, applicant };
}

const providerCount = async () =>
  (await database().query<{ n: number }>('select count(*)::int as n from service_providers'))[0]!.n;
const post = (client: ReturnType<typeof createClient>, json: unknown, headers: Record<string, string> = {}) =>
  client.request('/api/service-providers', { method: 'POST', json, headers });

describe('registering a service provider: validation', () => {
  it('requires every field the spec requires, each with its own message', async () => {
    const { applicant } = await setup();
    const required: [string, string][] = [
      ['businessName', 'Business name is required'],
      ['contactPerson', 'Contact person is required'],
      ['email', 'Email is required'],
      ['phone', 'Phone number is required'],
      ['businessAddress', 'Business address is required'],
      ['serviceArea', 'Service coverage area is required'],
      ['servicesOffered', 'Services offered is required'],
    ];
    for (const [field, message] of required) {
      for (const value of [undefined, '', '   ']) {
        const res = await post(applicant, { ...providerBody(), [field]: value });
        const body = await expectError(res, 400, 'invalid_input');
        expect(body.issues, `${field}=${JSON.stringify(value)}`).toEqual([{ path: field, message }]);
      }
    }
    const noCategory = await expectError(
      await post(applicant, { ...providerBody(), categoryId: undefined }),
      400,
      'invalid_input',
    );
    expect(noCategory.issues).toEqual([
      { path: 'categoryId', message: 'Choose a category: contractor, plumber, electrician, painter, gardener' },
    ]);
    await expectError(await post(applicant, { ...providerBody(), categoryId: 'roofer' }), 400, 'invalid_input');
    expect(await providerCount()).toBe(0);
  });

  it('takes every category of the spec', async () => {
    const { app } = await setup();
    for (const categoryId of ['contractor', 'plumber', 'electrician', 'painter', 'gardener']) {
      const client = createClient(app);
      await registerUser(client);
      const res = await post(client, providerBody({ categoryId: categoryId as never }));
      expect(res.status).toBe(201);
      expect(((await res.json()) as ServiceProvider).categoryId).toBe(categoryId);
    }
  });

  it('takes whole years from 0 to 50 only', async () => {
    const { applicant } = await setup();
    for (const years of [-1, 51, 2.5, '7', null, true, Number.MAX_SAFE_INTEGER]) {
      const res = await post(applicant, { ...providerBody(), yearsExperience: years });
      const body = await expectError(res, 400, 'invalid_input');
      expect(body.issues, JSON.stringify(years)).toEqual([
        { path: 'yearsExperience', message: 'Years of experience must be a whole number from 0 to 50' },
      ]);
    }
    await expectError(await post(applicant, { ...providerBody(), yearsExperience: undefined }), 400, 'invalid_input');
    expect(await providerCount()).toBe(0);
    expect((await post(applicant, providerBody({ yearsExperience: 0 }))).status).toBe(201);
    const { app } = await setup();
    const other = createClient(app);
    await registerUser(other);
    const fifty = await post(other, providerBody({ yearsExperience: 50 }));
    expect(((await fifty.json()) as ServiceProvider).yearsExperience).toBe(50);
  });

  it('checks the e-mail and phone, and the emergency flag is a boolean defaulting to false', async () => {
    const { applicant } = await setup();
    expect(
      (await expectError(await post(applicant, { ...providerBody(), email: 'not-an-email' }), 400, 'invalid_input'))
        .issues,
    ).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    expect(
      (await expectError(await post(applicant, { ...providerBody(), phone: '12' }), 400, 'invalid_input')).issues,
    ).toEqual([{ path: 'phone', message: 'Please enter a valid phone number' }]);
    await expectError(await post(applicant, { ...providerBody(), emergencyAvailable: 'yes' }), 400, 'invalid_input');
    const res = await post(applicant, { ...providerBody(), emergencyAvailable: undefined, description: null });
    expect(await res.json()).toMatchObject({ emergencyAvailable: false, description: '' });
  });

  it('bounds the length of every text field', async () => {
    const { applicant } = await setup();
    const limits: [string, number, string][] = [
      ['businessName', 120, 'Business name must be at most 120 characters'],
      ['contactPerson', 100, 'Contact person must be at most 100 characters'],
      ['businessAddress', 300, 'Business address must be at most 300 characters'],
      ['serviceArea', 200, 'Service coverage area must be at most 200 characters'],
      ['servicesOffered', 1000, 'Services offered must be at most 1000 characters'],
      ['description', 2000, 'The description must be at most 2000 characters'],
    ];
    for (const [field, max, message] of limits) {
      const res = await post(applicant, { ...providerBody(), [field]: 'x'.repeat(max + 1) });
      expect((await expectError(res, 400, 'invalid_input')).issues, field).toEqual([{ path: field, message }]);
    }
    await expectError(
      await post(applicant, { ...providerBody(), email: `${'a'.repeat(250)}@example.com` }),
      400,
      'invalid_input',
    );
    expect(await providerCount()).toBe(0);
    const atLimit = await post(
      applicant,
      providerBody({ businessName: 'x'.repeat(120), description: 'y'.repeat(2000) }),
    );
    expect(atLimit.status).toBe(201);
  });

  it('answers 413 to a body over the JSON limit and 400 to malformed JSON or a non-object, never 500', async () => {
    const { applicant } = await setup();
    const big = await post(applicant, providerBody({ description: 'x'.repeat(1_100_000) }));
    expect(await expectError(big, 413, 'too_large')).toEqual({
      error: 'The request body is too large.',
      code: 'too_large',
    });
    const bad = await applicant.request('/api/service-providers', {
      method: 'POST',
      body: '{"businessName":',
      headers: { 'content-type': 'application/json' },
    });
    await expectError(bad, 400, 'bad_request');
    for (const json of [[], 'text', 42, null]) {
      const res = await post(applicant, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(await providerCount()).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the same application and creates one', async () => {
    const { applicant } = await setup();
    const body = providerBody();
    const first = await post(applicant, body, { 'idempotency-key': 'register-1' });
    expect(first.status).toBe(201);
    const made = (await first.json()) as ServiceProvider;
    const again = await post(applicant, body, { 'idempotency-key': 'register-1' });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(made);
    expect(await providerCount()).toBe(1);
    // A different body under the same key is refused, not applied.
    await expectError(
      await post(applicant, providerBody(), { 'idempotency-key': 'register-1' }),
      409,
      'idempotency_key_reused',
    );
    // A new key while the first application waits is the one-pending rule's 409.
    await expectError(
      await post(applicant, providerBody(), { 'idempotency-key': 'register-2' }),
      409,
      'provider_pending_exists',
    );
    expect(await providerCount()).toBe(1);
  });

  it('finds the application of a key whose HTTP answer was forgotten, instead of refusing it as a second one', async () => {
    const { applicant } = await setup();
    const body = providerBody();
    const first = (await (
      await post(applicant, body, { 'idempotency-key': 'register-lost' })
    ).json()) as ServiceProvider;
    await database().query('delete from http_idempotency');
    const again = await post(applicant, body, { 'idempotency-key': 'register-lost' });
    expect(again.status).toBe(201);
    expect(((await again.json()) as ServiceProvider).id).toBe(first.id);
    expect(await providerCount()).toBe(1);
  });

  it('lets only one of two applications sent at once by one account through (201 and 409, never 500)', async () => {
    const { applicant } = await setup();
    const answers = await Promise.all([post(applicant, providerBody()), post(applicant, providerBody())]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await expectError(refused, 409, 'provider_pending_exists')).toMatchObject({
      code: 'provider_pending_exists',
    });
    expect(await providerCount()).toBe(1);
  });

  it("refuses a second pending application that got past the route's check by the read model's unique index, found by its name (409, not 500)", async () => {
    const { app, deps } = await createTestApp(database());
    const applicant = createClient(app);
    const { user } = await registerUser(applicant, { userType: 'owner' });
    const first = (await (await post(applicant, providerBody())).json()) as ServiceProvider;
    const [registered] = await deps.store.readStream(`service-provider-${first.id}`);
    const { details } = registered!.data as { details: never };
    // What the loser of a race does: its check ran before the winner's append committed.
    const providerId = randomUUID();
    await expect(
      runCommand(deps.store, requestOrigin({ user, requestId: 'r-1' }), providerCommands, providerId, {
        type: 'RegisterProvider',
        providerId,
        applicantId: user.id,
        details,
        at: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ code: 'provider_pending_exists', kind: 'conflict' });
    expect(await providerCount()).toBe(1);
  });
});
