import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError, apiRequest, errorText, withQuery } from './api-client.ts';
import { ErrorBodySchema, NOT_SIGNED_IN, type ErrorBody } from './contract.ts';
import { fetchCurrentUser } from './current-user.ts';

const answer = (status: number, body: string, statusText = '') =>
  vi.fn(async () => new Response(body || null, { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends cookies and JSON', async () => {
    const fetch = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('POST', '/api/x', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('raises "status: body text" and keeps the contract error body', async () => {
    vi.stubGlobal('fetch', answer(409, '{"error":"That e-mail is taken","code":"email_taken"}'));
    const error = await apiRequest('POST', '/api/auth/register').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"error":"That e-mail is taken","code":"email_taken"}');
    expect(errorText(error, 'Registration failed')).toBe('That e-mail is taken');
  });

  it('keeps how long a 429 asks to wait (Retry-After), and none when it says nothing readable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"error":"Wait","code":"resend_too_soon"}', { status: 429, headers: { 'Retry-After': '42' } }),
      ),
    );
    const refused = await apiRequest('POST', '/api/auth/resend-email-verification').catch((caught: unknown) => caught);
    expect((refused as ApiError).retryAfterSeconds).toBe(42);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('{}', { status: 503, headers: { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' } }),
      ),
    );
    const busy = await apiRequest('GET', '/api/x').catch((caught: unknown) => caught);
    expect((busy as ApiError).retryAfterSeconds).toBeNull();
  });

  it('gives every write an Idempotency-Key, and reads none', async () => {
    const fetch = answer(200, '{}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('DELETE', '/api/x');
    await apiRequest('GET', '/api/x');
    const [write, read] = (fetch.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => init);
    expect((write!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w-]{8,200}$/);
    expect(read!.headers).not.toHaveProperty('Idempotency-Key');
  });

  it("sends the caller's key when the same submission is sent again", async () => {
    const fetch = answer(200, '{}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('PUT', '/api/x', { body: {}, idempotencyKey: 'submission-1' });
    await apiRequest('PUT', '/api/x', { body: {}, idempotencyKey: 'submission-1' });
    const keys = (fetch.mock.calls as unknown as [string, RequestInit][]).map(
      ([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toEqual(['submission-1', 'submission-1']);
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', answer(502, '', 'Bad Gateway'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('current user', () => {
  it('is null on 401', async () => {
    // The server's own answer (api/contract), checked against the contract's schema.
    const body: ErrorBody = v.parse(ErrorBodySchema, NOT_SIGNED_IN);
    vi.stubGlobal('fetch', answer(401, JSON.stringify(body)));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('raises other failures instead of treating them as signed out', async () => {
    vi.stubGlobal('fetch', answer(503, '', 'Service Unavailable'));
    await expect(fetchCurrentUser()).rejects.toThrow('503: Service Unavailable');
  });
});

describe('withQuery', () => {
  it('leaves out empty values', () => {
    expect(withQuery('/api/properties/search', { location: 'Accra', bedrooms: undefined, category: '', page: 2 })).toBe(
      '/api/properties/search?location=Accra&page=2',
    );
  });
});
