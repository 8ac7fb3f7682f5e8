import { setTimeout as sleep } from 'node:timers/promises';
import type { APIRequestContext } from '@playwright/test';
import { readUserId } from './api-reads.ts';

// Accounts made the way a person makes them, through the real API from a context's own
// request client (which shares the context's cookies: registering signs that device in).

export const PASSWORD = 'Offline-chaos-pass-1';

export type Account = { id: string; email: string; password: string };

async function ok(what: string, response: { ok(): boolean; status(): number; text(): Promise<string> }) {
  if (!response.ok())
    throw new Error(`${what} answered ${response.status()}: ${(await response.text()).slice(0, 300)}`);
}

/** The newest 6-digit code the dev outbox holds for an address (EFIE_DEV_OUTBOX=1). */
async function outboxCode(api: APIRequestContext, to: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const response = await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const code = response.ok() ? /\b(\d{6})\b/.exec(await response.text())?.[1] : undefined;
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no verification code in the dev outbox for ${to}`);
}

/** Registers and verifies an account; `api` is signed in after. */
export async function registerVerified(
  api: APIRequestContext,
  userType: 'owner' | 'renter',
  firstName: string,
  tag: string,
): Promise<Account> {
  const email = `${firstName.toLowerCase()}.${tag}@chaos.efie.example`;
  await ok(
    'register',
    await api.post('/api/auth/register', {
      data: { firstName, lastName: 'Chaos', email, password: PASSWORD, userType, registrationMethod: 'email' },
    }),
  );
  await ok('verify', await api.post('/api/auth/verify-email-code', { data: { code: await outboxCode(api, email) } }));
  return { id: await readUserId(api), email, password: PASSWORD };
}

/** Signs `api` in (a second device of the same person, or the admin). */
export async function signIn(api: APIRequestContext, email: string, password: string): Promise<string> {
  await ok(`sign-in as ${email}`, await api.post('/api/auth/login', { data: { email, password } }));
  return readUserId(api);
}
