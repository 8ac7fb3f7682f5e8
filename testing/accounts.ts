import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { AppDeps } from '../api/app-deps.ts';
import { grantAdmin } from '../api/auth/ensure-admin.ts';
import type { OutboxMessage, RegisterAnswer, RegisterBody, User } from '../api/contract/auth.schema.ts';
import { FROM_LOOPBACK, type createClient } from './test-app.ts';

type Client = ReturnType<typeof createClient>;
type App = { request: (path: string, init?: RequestInit, env?: object) => Response | Promise<Response> };

export const TEST_PASSWORD = 'correct-horse-battery';

let counter = 0;
/** An address nobody else in this test file has. */
export const uniqueEmail = (name = 'ama') => `${name}.${randomBytes(4).toString('hex')}${counter++}@example.com`;
export const uniquePhone = () => `+23324${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

export type RegisteredUser = {
  user: User;
  email: string | null;
  phone: string | null;
  password: string;
  answer: RegisterAnswer;
};

/**
 * Registers through POST /api/auth/register and leaves the client signed in.
 * By e-mail unless overrides give registrationMethod 'phone' (or a phone and no e-mail).
 */
export async function registerUser(client: Client, overrides: Partial<RegisterBody> = {}): Promise<RegisteredUser> {
  const byPhone =
    overrides.registrationMethod === 'phone' || (overrides.phone !== undefined && overrides.email === undefined);
  const body: RegisterBody = {
    firstName: 'Ama',
    lastName: 'Mensah',
    userType: 'renter',
    password: TEST_PASSWORD,
    registrationMethod: byPhone ? 'phone' : 'email',
    ...(byPhone ? { phone: uniquePhone() } : { email: uniqueEmail() }),
    ...overrides,
  };
  const res = await client.request('/api/auth/register', { method: 'POST', json: body });
  const answer = (await res.json()) as RegisterAnswer;
  expect(res.status, JSON.stringify(answer)).toBe(201);
  return { user: answer.user, email: answer.user.email, phone: answer.user.phone, password: body.password, answer };
}

type AdminDeps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

/** An admin account, signed in on the client. Takes the deps or createTestApp's `{ app, deps }`. */
export async function createAdmin(
  depsOrTestApp: AdminDeps | { deps: AdminDeps },
  client: Client,
  overrides: Partial<RegisterBody> = {},
): Promise<RegisteredUser> {
  const deps = 'deps' in depsOrTestApp ? depsOrTestApp.deps : depsOrTestApp;
  // Only a verified e-mail can be made admin.
  const registered = await registerVerifiedUser(client, client, {
    firstName: 'Adwoa',
    lastName: 'Admin',
    userType: 'owner',
    ...overrides,
  });
  expect(await grantAdmin(deps, registered.email!)).toBe('granted');
  return { ...registered, user: { ...registered.user, isAdmin: true } };
}

/** What GET /api/dev/outbox?to= lists for an address, newest first. */
export async function readOutbox(app: App, to: string): Promise<OutboxMessage[]> {
  const res = await app.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`, undefined, FROM_LOOPBACK);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest 6-digit code sent to an address. */
export async function latestCode(app: App, to: string): Promise<string> {
  const [message] = await readOutbox(app, to);
  const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Registers and verifies the e-mail (or phone) with the code from the outbox; signed in. */
export async function registerVerifiedUser(
  app: App,
  client: Client,
  overrides: Partial<RegisterBody> = {},
): Promise<RegisteredUser> {
  const registered = await registerUser(client, overrides);
  const channel = registered.answer.verificationMethod === 'phone' ? 'phone' : 'email';
  const address = (channel === 'phone' ? registered.phone : registered.email)!;
  const res = await client.request(`/api/auth/verify-${channel}-code`, {
    method: 'POST',
    json: { code: await latestCode(app, address) },
  });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: User };
  return { ...registered, user };
}

/**
 * Signs each client in again with its e-mail and password (a test that moves its clock past the
 * sessions' lifetime ends them all), and expects each sign-in to pass.
 */
export async function signInAgain(people: readonly { client: Client; email: string | null; password?: string }[]) {
  for (const { client, email, password = TEST_PASSWORD } of people) {
    if (email === null) throw new Error('signInAgain signs in by e-mail: this account has none');
    const res = await client.request('/api/auth/login', {
      method: 'POST',
      json: { registrationMethod: 'email', email, password },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}
