// A shared phone: when a person signs out, nothing more may be sent with their session, even
// while the phone is offline and the server cannot be told yet. The page cannot clear the
// session cookie (it is httpOnly): only POST /api/auth/logout ends it, on the server and in
// the browser. So signing out is recorded on the device first (a pending sign-out), and every
// sender (a page's API call, the outbox in a page or the service worker) sends that logout
// before anything else, and nothing at all until it has gone through.
// Pure rules here, with their storage and the network passed in; session-store.ts binds them.

/** Who signed out, and when (for the record: the cookie, not this id, is what the logout ends). */
export type PendingSignOut = { userId: string | null; at: number };

/**
 * What the device knows about its session. `generation` moves on at every sign-out and sign-in,
 * so a sender that started an item under one session sees that it changed before each request
 * (a listing's photos are never sent half under one person and half under the next).
 */
export type SessionRecord = { generation: number; pendingSignOut: PendingSignOut | null };

export const FRESH_SESSION: SessionRecord = { generation: 0, pendingSignOut: null };

export const signOutBegun = (record: SessionRecord, userId: string | null, at: number): SessionRecord => ({
  generation: record.generation + 1,
  pendingSignOut: { userId, at },
});
/** The server ended the session (the logout was answered): senders may go on, with no session. */
export const signOutEnded = (record: SessionRecord): SessionRecord => ({ ...record, pendingSignOut: null });
/** A new session (sign-in or registration answered): what was started under the old one stops. */
export const signedIn = (record: SessionRecord): SessionRecord => ({
  generation: record.generation + 1,
  pendingSignOut: null,
});

/** Whether a sender that started under `generation` may send its next request. */
export const maySend = (record: SessionRecord, generation: number) =>
  record.pendingSignOut === null && record.generation === generation;

/** A sign-out has not reached the server yet (no connection, or the server could not do it). */
export class SignOutPendingError extends Error {
  constructor(reason: string) {
    super(`The last sign-out on this phone has not reached Efie yet (${reason}). Check your connection and try again.`);
    this.name = 'SignOutPendingError';
  }
}

/** The session changed (signed out, or someone signed in) while an item was being sent. */
export class SessionChangedError extends Error {
  constructor() {
    super('Someone signed out or in on this phone while this was being sent');
    this.name = 'SessionChangedError';
  }
}

/** The logout's answer: its HTTP status, or null when there was none (offline, timed out). */
export type LogoutAnswer = { status: number | null };

export type SessionDeps = {
  read(): Promise<SessionRecord>;
  /** Reads, changes and writes the record in one transaction; answers what is stored after. */
  update(change: (record: SessionRecord) => SessionRecord): Promise<SessionRecord>;
  postLogout(): Promise<LogoutAnswer>;
  /** Runs `run` while no other page or worker is ending a sign-out (a Web Lock). */
  exclusive<T>(run: () => Promise<T>): Promise<T>;
};

const isEnded = (answer: LogoutAnswer) =>
  answer.status !== null && ((answer.status >= 200 && answer.status < 300) || answer.status === 401);

/**
 * Before anything is sent: ends a pending sign-out on the server (once, whichever context gets
 * there first) and answers the session generation senders may use. Throws SignOutPendingError
 * when the logout could not be sent or was not accepted: then nothing else may be sent.
 * The record is read again under the lock, so a logout is never sent after the sign-out was
 * settled by another context (it would end the next person's session, whose sign-in came after).
 */
export async function settleSignOut(deps: SessionDeps): Promise<number> {
  const seen = await deps.read();
  if (!seen.pendingSignOut) return seen.generation;
  return deps.exclusive(async () => {
    const current = await deps.read();
    if (!current.pendingSignOut) return current.generation;
    const answer = await deps.postLogout();
    // 2xx: the server ended the session (or it had ended already: the logout answers 200 with no
    // session too). Anything else (no answer, a 5xx, a 403) may have left it alive: keep trying.
    if (!isEnded(answer))
      throw new SignOutPendingError(answer.status === null ? 'no connection' : `the server answered ${answer.status}`);
    return (await deps.update(signOutEnded)).generation;
  });
}

/** Fails with SessionChangedError unless the session is still the one the sender started under. */
export async function checkSession(deps: Pick<SessionDeps, 'read'>, generation: number): Promise<void> {
  if (!maySend(await deps.read(), generation)) throw new SessionChangedError();
}
