import { describe, expect, it } from 'vitest';
import {
  checkSession,
  FRESH_SESSION,
  SessionChangedError,
  settleSignOut,
  signedIn,
  SignOutPendingError,
  signOutBegun,
  type LogoutAnswer,
  type SessionDeps,
  type SessionRecord,
} from './session-change.ts';

/** The device's record in memory, and a server whose logout answers as told (null: no connection). */
function phone(start: SessionRecord = FRESH_SESSION, answers: (number | null)[] = []) {
  let record = start;
  const logouts: SessionRecord[] = [];
  const deps: SessionDeps = {
    read: async () => record,
    update: async (change) => (record = change(record)),
    postLogout: async (): Promise<LogoutAnswer> => {
      logouts.push(record);
      return { status: answers.length ? answers.shift()! : 200 };
    },
    exclusive: (run) => run(),
  };
  return { deps, logouts, record: () => record, set: (next: SessionRecord) => (record = next) };
}

const AT = 1_800_000_000_000;

describe('settleSignOut: a pending sign-out reaches the server before anything else is sent', () => {
  it('sends nothing when no sign-out is pending, and answers the generation to send under', async () => {
    const { deps, logouts } = phone({ generation: 3, pendingSignOut: null });
    await expect(settleSignOut(deps)).resolves.toBe(3);
    expect(logouts).toEqual([]);
  });

  it('sends the logout once, then forgets the sign-out (it reached the server)', async () => {
    const { deps, logouts, record } = phone(signOutBegun(FRESH_SESSION, 'ama', AT));
    await expect(settleSignOut(deps)).resolves.toBe(1);
    await expect(settleSignOut(deps)).resolves.toBe(1);
    expect(logouts).toHaveLength(1);
    expect(record()).toEqual({ generation: 1, pendingSignOut: null });
  });

  it('refuses to let anything be sent while the logout gets no answer, and keeps the sign-out to try again', async () => {
    const { deps, logouts, record } = phone(signOutBegun(FRESH_SESSION, 'ama', AT), [null, null, 200]);
    await expect(settleSignOut(deps)).rejects.toBeInstanceOf(SignOutPendingError);
    await expect(settleSignOut(deps)).rejects.toThrow(/no connection/);
    expect(record().pendingSignOut).toEqual({ userId: 'ama', at: AT });
    await expect(settleSignOut(deps)).resolves.toBe(1);
    expect(logouts).toHaveLength(3);
  });

  it('keeps trying after a 5xx or a 403 (the session may still be alive), and counts a 401 as ended', async () => {
    const { deps, record } = phone(signOutBegun(FRESH_SESSION, 'ama', AT), [503, 403, 401]);
    await expect(settleSignOut(deps)).rejects.toThrow(/answered 503/);
    await expect(settleSignOut(deps)).rejects.toThrow(/answered 403/);
    expect(record().pendingSignOut).not.toBeNull();
    await expect(settleSignOut(deps)).resolves.toBe(1);
    expect(record().pendingSignOut).toBeNull();
  });

  it('reads the record again under the lock: a sign-out another tab or the worker settled is not sent again', async () => {
    const device = phone(signOutBegun(FRESH_SESSION, 'ama', AT));
    // Another context held the lock, sent the logout, and the next person signed in meanwhile.
    device.deps.exclusive = async (run) => {
      device.set(signedIn({ generation: 1, pendingSignOut: null }));
      return run();
    };
    await expect(settleSignOut(device.deps)).resolves.toBe(2);
    expect(device.logouts).toEqual([]);
  });

  it("never sends a logout after the next person's sign-in: it would end their session", async () => {
    const { deps, logouts, record, set } = phone(signOutBegun(FRESH_SESSION, 'ama', AT), [null]);
    await expect(settleSignOut(deps)).rejects.toBeInstanceOf(SignOutPendingError);
    await settleSignOut(deps);
    set(signedIn(record()));
    await settleSignOut(deps);
    expect(logouts.map((seen) => seen.pendingSignOut?.userId)).toEqual(['ama', 'ama']);
  });
});

describe('checkSession: an outbox item is sent only under the session it started under', () => {
  const read = (record: SessionRecord) => ({ read: async () => record });

  it('lets the sender go on while nobody signed out or in', async () => {
    await expect(checkSession(read({ generation: 4, pendingSignOut: null }), 4)).resolves.toBeUndefined();
  });

  it('stops it once the person signed out, even before the server heard', async () => {
    await expect(
      checkSession(read(signOutBegun({ generation: 4, pendingSignOut: null }, 'ama', AT)), 4),
    ).rejects.toBeInstanceOf(SessionChangedError);
  });

  it('stops it after a sign-out that has reached the server and a new sign-in (the next person)', async () => {
    const afterwards = signedIn({ generation: 5, pendingSignOut: null });
    await expect(checkSession(read(afterwards), 4)).rejects.toBeInstanceOf(SessionChangedError);
    await expect(checkSession(read(afterwards), 6)).resolves.toBeUndefined();
  });

  it('stops it while a sign-out is pending, whatever generation it claims', async () => {
    const pending = signOutBegun({ generation: 4, pendingSignOut: null }, null, AT);
    await expect(checkSession(read(pending), pending.generation)).rejects.toBeInstanceOf(SessionChangedError);
  });
});
