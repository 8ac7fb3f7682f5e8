import { createStore, get, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { transact } from './idb-transaction.ts';
import {
  checkSession,
  FRESH_SESSION,
  settleSignOut,
  signedIn,
  signOutBegun,
  type LogoutAnswer,
  type SessionDeps,
  type SessionRecord,
} from './session-change.ts';

// The device's session record (session-change.ts) in IndexedDB, where pages and the service
// worker both read it (localStorage has no worker side). Its own database: a new build drops the
// query cache, never this, and a sign-out must outlive a reload, a closed app and an update.

const KEY = 'session';
const LOCK = 'efie-sign-out';
const LOGOUT_TIMEOUT_MS = 10_000;

let opened: UseStore | undefined;
const store = () => (opened ??= createStore('efie-session', 'state'));

/** Read back from IndexedDB (a boundary): anything unreadable counts as no change recorded. */
const SessionRecordSchema = v.object({
  generation: v.pipe(v.number(), v.integer(), v.minValue(0)),
  pendingSignOut: v.nullable(v.object({ userId: v.nullable(v.string()), at: v.number() })),
});
const parse = (stored: unknown): SessionRecord => {
  const parsed = v.safeParse(SessionRecordSchema, stored);
  return parsed.success ? parsed.output : FRESH_SESSION;
};

/** The pending sign-out as this context last read or wrote it, for callers that cannot wait (a beacon at pagehide). */
let lastSeenPending = false;
const seen = (record: SessionRecord) => {
  lastSeenPending = record.pendingSignOut !== null;
  return record;
};

async function read(): Promise<SessionRecord> {
  try {
    return seen(parse(await get(KEY, store())));
  } catch {
    // No IndexedDB (a private window of an old browser): nothing can have been recorded either.
    return FRESH_SESSION;
  }
}

async function update(change: (record: SessionRecord) => SessionRecord): Promise<SessionRecord> {
  let after = FRESH_SESSION;
  await transact(store(), 'readwrite', (records, guard) => {
    const stored = records.get(KEY);
    stored.onsuccess = guard(() => {
      after = change(parse(stored.result));
      records.put(after, KEY);
    });
  });
  return seen(after);
}

/** Plain fetch, so the service worker can send it too; the cookie it carries is the one it ends. */
export async function postLogout(): Promise<LogoutAnswer> {
  try {
    const response = await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
    return { status: response.status };
  } catch {
    return { status: null };
  }
}

function exclusive<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return run();
  return navigator.locks.request(LOCK, run);
}

const deps: SessionDeps = { read, update, postLogout, exclusive };

/** The session record as stored now. */
export const readSession = read;

/**
 * Synchronous and possibly a moment late: whether a sign-out was pending when this context last
 * looked (every API call looks first, and so does the start of the app).
 */
export const signOutSeenPending = () => lastSeenPending;

/** Whether a sign-out has not reached the server yet. */
export const signOutPending = async () => (await read()).pendingSignOut !== null;

/** Records, before anything else happens, that this person signed out: from now on nothing is sent with their session. */
export const recordSignOut = (userId: string | null) => update((record) => signOutBegun(record, userId, Date.now()));

let settling: Promise<number> | null = null;
/**
 * Sends a pending sign-out's logout if there is one; answers the generation to send under (throws
 * SignOutPendingError). Calls made while one is under way share it: a screen's ten queries offline
 * make one attempt, not ten.
 */
export function endPendingSignOut(): Promise<number> {
  settling ??= settleSignOut(deps).finally(() => {
    settling = null;
  });
  return settling;
}

/** A sign-in or registration was answered: the new session is someone else's as far as senders know. */
export const recordSignIn = () => update(signedIn).then(() => undefined);

/** Before each request of an outbox item: the session it started under is still the one (throws SessionChangedError). */
export const stillSameSession = (generation: number) => checkSession(deps, generation);
