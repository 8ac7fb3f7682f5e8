import { describe, expect, it } from 'vitest';
import { latestCode, readOutbox, registerUser, TEST_PASSWORD, uniqueEmail } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

const profile = { firstName: 'Ama', lastName: 'Mensah', businessName: '', licenseNumber: '' };

describe('PUT /api/auth/profile', () => {
  it('saves names and business details without asking for verification', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const res = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: {
        ...profile,
        email,
        firstName: 'Akosua',
        businessName: 'Akosua Rentals',
        licenseNumber: 'LIC-9',
        phone: '',
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      message: 'Your account information has been saved successfully',
      verificationRequired: false,
      verificationMethods: [],
      user: { firstName: 'Akosua', businessName: 'Akosua Rentals', licenseNumber: 'LIC-9', email, phone: null },
    });
    expect(await (await client.request('/api/auth/user')).json()).toEqual(body.user);
  });

  it('asks to verify a new e-mail and a new phone, and sends each a code, while the old e-mail signs in until then', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email: oldEmail } = await registerUser(client);
    const email = uniqueEmail('new');
    const res = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { ...profile, email, phone: '020 123 4567', currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      verificationRequired: true,
      verificationMethods: ['email', 'phone'],
      user: { email: oldEmail, phone: null, pendingEmail: email, pendingPhone: '+233201234567' },
    });
    expect(body.message).toContain('email address and phone number');
    // The old address still signs in; the new one does not, yet.
    const signIn = (address: string) =>
      createClient(app).request('/api/auth/login', {
        method: 'POST',
        json: { email: address, password: TEST_PASSWORD },
      });
    expect((await signIn(oldEmail!)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    const emailCode = await latestCode(app, email);
    expect((await readOutbox(app, '+233201234567'))[0]?.channel).toBe('sms');
    const verified = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code: emailCode } });
    expect(verified.status).toBe(200);
    expect((await verified.json()).user).toMatchObject({
      email,
      emailVerified: true,
      isVerified: true,
      pendingEmail: null,
    });
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(oldEmail!)).status).toBe(401);
  });

  it('asks for the current password to change the e-mail, and counts wrong ones as failed sign-ins', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const change = (currentPassword?: string) =>
      client.request('/api/auth/profile', {
        method: 'PUT',
        json: {
          ...profile,
          email: uniqueEmail('thief'),
          ...(currentPassword === undefined ? {} : { currentPassword }),
        },
      });
    const missing = await change();
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'current_password_required',
      issues: [{ path: 'currentPassword' }],
    });
    for (let i = 0; i < 5; i++) {
      const wrong = await change('not-the-password');
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({
        code: 'wrong_password',
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      });
    }
    expect((await change(TEST_PASSWORD)).status).toBe(429);
    const me = await (await client.request('/api/auth/user')).json();
    expect(me).toMatchObject({ email, pendingEmail: null });
  });

  it('tells the old address, ends every other session, and voids reset links sent to the old address once the new one is verified', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email: oldEmail } = await registerUser(client);
    const otherDevice = createClient(app);
    expect(
      (
        await otherDevice.request('/api/auth/login', {
          method: 'POST',
          json: { email: oldEmail, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email: oldEmail } }))
        .status,
    ).toBe(200);
    const resetLink = decodeURIComponent(/token=(\S+)/.exec((await readOutbox(app, oldEmail!))[0]!.text)![1]!);

    const email = uniqueEmail('moved');
    const res = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { ...profile, email, currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const [notice] = await readOutbox(app, oldEmail!);
    expect(notice).toMatchObject({ channel: 'email', subject: 'Your Efie e-mail address is being changed' });
    expect(notice!.text).toContain('/forgot-password');
    expect(notice!.text).not.toContain(email);
    expect((await otherDevice.request('/api/auth/user')).status).toBe(401);
    expect((await client.request('/api/auth/user')).status).toBe(200);

    const verified = await client.request('/api/auth/verify-email-code', {
      method: 'POST',
      json: { code: await latestCode(app, email) },
    });
    expect(verified.status).toBe(200);
    const reset = await createClient(app).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token: resetLink, newPassword: 'taken-over-9' },
    });
    expect(reset.status).toBe(400);
    const refusal = await reset.text();
    expect(refusal).not.toContain(resetLink.split('.')[1]!); // the token's base64url secret
    expect(JSON.parse(refusal)).toEqual({
      error: 'This reset link is invalid or has already been used. Ask for a new one.',
      code: 'invalid_reset_token',
    });
  });

  it('resends the code to the new address while a change waits', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const client = createClient(app);
    await registerUser(client);
    const email = uniqueEmail('pending');
    expect(
      (
        await client.request('/api/auth/profile', {
          method: 'PUT',
          json: { ...profile, email, currentPassword: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
    now = new Date('2026-11-22T10:01:01Z');
    expect((await client.request('/api/auth/resend-email-verification', { method: 'POST' })).status).toBe(200);
    expect(await readOutbox(app, email)).toHaveLength(2);
  });

  it("answers 400 with the spec's messages, and 409 for an address someone else has", async () => {
    const { app } = await createTestApp(database());
    const other = await registerUser(createClient(app));
    const client = createClient(app);
    const { email } = await registerUser(client);
    const bad = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { firstName: '', lastName: '', email: 'nope', phone: '' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Invalid email address' },
    ]);
    const none = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { ...profile, email: '', phone: '' },
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      error: 'Phone number is required',
      issues: [{ path: 'phone', message: 'Phone number is required' }],
    });
    const taken = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { ...profile, email: other.email, currentPassword: TEST_PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'email_taken' });
    expect((await (await client.request('/api/auth/user')).json()).email).toBe(email);
  });

  it('answers 409 to a stale expectedVersion and changes nothing', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const res = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { ...profile, email, firstName: 'Changed', expectedVersion: 7 },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'version_conflict' });
    const ok = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: { ...profile, email, firstName: 'Changed', expectedVersion: 1 },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a signed-out caller with 401', async () => {
    const { app } = await createTestApp(database());
    const res = await createClient(app).request('/api/auth/profile', { method: 'PUT', json: profile });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in', code: 'unauthorized' });
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const laptop = createClient(app);
    expect(
      (await laptop.request('/api/auth/login', { method: 'POST', json: { email, password: TEST_PASSWORD } })).status,
    ).toBe(200);
    const res = await client.request('/api/auth/change-password', {
      method: 'PUT',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password', confirmPassword: 'a-new-password' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Your password has been updated successfully' });
    expect((await client.request('/api/auth/user')).status).toBe(200);
    expect((await laptop.request('/api/auth/user')).status).toBe(401);
    const old = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email, password: TEST_PASSWORD },
    });
    expect(old.status).toBe(401);
    const fresh = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'a-new-password' },
    });
    expect(fresh.status).toBe(200);
  });

  it("refuses a wrong current password and gives the spec's messages", async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    await registerUser(client);
    const wrong = await client.request('/api/auth/change-password', {
      method: 'PUT',
      json: { currentPassword: 'not-it-at-all', newPassword: 'a-new-password', confirmPassword: 'a-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'wrong_password', error: 'Current password is incorrect' });
    const invalid = await client.request('/api/auth/change-password', {
      method: 'PUT',
      json: { currentPassword: '', newPassword: 'short', confirmPassword: '' },
    });
    expect((await invalid.json()).issues).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
      { path: 'newPassword', message: 'Password must be at least 8 characters' },
      { path: 'confirmPassword', message: 'Please confirm your password' },
    ]);
    const mismatch = await client.request('/api/auth/change-password', {
      method: 'PUT',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password', confirmPassword: 'another-one' },
    });
    expect(await mismatch.json()).toMatchObject({
      issues: [{ path: 'confirmPassword', message: "Passwords don't match" }],
    });
  });

  it('locks out guessing the current password with a borrowed session after 5 tries', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    await registerUser(client);
    const guess = (currentPassword: string) =>
      client.request('/api/auth/change-password', {
        method: 'PUT',
        json: { currentPassword, newPassword: 'a-new-password', confirmPassword: 'a-new-password' },
      });
    for (let i = 0; i < 5; i++) expect((await guess(`guess-${i}-password`)).status).toBe(400);
    const locked = await guess(TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
