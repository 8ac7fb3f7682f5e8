import * as v from 'valibot';
import type { SignedIn } from './outbox-owner.ts';

// Who the server thinks is signed in on this device: the session cookie decides, not what
// a page last cached. Plain fetch, so the service worker can ask too.

const SignedInUserSchema = v.object({ id: v.pipe(v.string(), v.nonEmpty()) });
const TIMEOUT_MS = 10_000;

/** The signed-in user's id, or null (401). Throws when the server cannot be asked. */
export async function whoIsSignedIn(): Promise<SignedIn> {
  const response = await fetch('/api/auth/user', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`GET /api/auth/user answered ${response.status}`);
  return v.parse(SignedInUserSchema, await response.json()).id;
}
