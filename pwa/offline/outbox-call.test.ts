import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './outbox-call.ts';
import { SessionChangedError } from './session-change.ts';

afterEach(() => vi.unstubAllGlobals());

describe("an outbox request and the phone's session", () => {
  it('is not sent at all once the session it started under has changed (someone signed out)', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const changed = async () => {
      throw new SessionChangedError();
    };
    await expect(call(changed, 'POST', '/api/favorites/p1', 'key-1')).rejects.toBeInstanceOf(SessionChangedError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is sent, with its key and the cookie, while the session lasts', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(call(async () => undefined, 'POST', '/api/favorites/p1', 'key-1')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith(
      '/api/favorites/p1',
      expect.objectContaining({
        credentials: 'include',
        headers: expect.objectContaining({ 'Idempotency-Key': 'key-1' }),
      }),
    );
  });
});
