import { randomUUID } from 'node:crypto';
import { createHttpClient, type HttpClient } from './http-client.ts';
import { ADMIN } from './target.ts';

export type Person = { label: string; id: string; http: HttpClient };

export const PASSWORD = 'stress-password-1';

/** Registers through the API (with its own Idempotency-Key, retried like every write); signed in. */
export async function register(
  base: string,
  label: string,
  userType: 'owner' | 'renter',
  signal: AbortSignal,
): Promise<Person> {
  const http = createHttpClient(base, { signal });
  const body = {
    firstName: label,
    lastName: 'Stress',
    userType,
    password: PASSWORD,
    registrationMethod: 'email',
    email: `${label}.${randomUUID().slice(0, 8)}@stress.efie.example`,
  };
  const { answer } = await http.untilFinal('POST', '/api/auth/register', body, {
    'idempotency-key': `register-${randomUUID()}`,
  });
  if (answer.status !== 201) throw new Error(`registering ${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { label, id: (answer.body as { user: { id: string } }).user.id, http };
}

/** The operator's admin account (ADMIN_EMAIL / ADMIN_PASSWORD at start-up), signed in. */
export async function signInAdmin(base: string, signal: AbortSignal): Promise<Person> {
  const http = createHttpClient(base, { signal });
  const { answer } = await http.untilFinal('POST', '/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
  if (answer.status !== 200) throw new Error(`admin sign-in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { label: 'admin', id: (answer.body as { user: { id: string } }).user.id, http };
}
