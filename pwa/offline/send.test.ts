import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { backoff } from './drain.ts';
import { isRefusal } from './send.ts';

describe('isRefusal', () => {
  it('stops on a 4xx the server means (invalid, not found, not allowed)', () => {
    for (const status of [400, 403, 404, 409, 413, 415])
      expect(isRefusal(new ApiError(status, 'no', { code: 'x' }))).toBe(true);
  });
  it('keeps a 401 (the session ended: sent after its owner signs in again)', () => {
    expect(isRefusal(new ApiError(401, 'sign in', null))).toBe(false);
  });
  it('retries timeouts, rate limits, a request still in progress, 5xx and network failures', () => {
    for (const status of [408, 425, 429, 500, 502, 503])
      expect(isRefusal(new ApiError(status, 'later', null))).toBe(false);
    expect(isRefusal(new ApiError(409, 'busy', { code: 'request_in_progress' }))).toBe(false);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect(isRefusal(new DOMException('timed out', 'TimeoutError'))).toBe(false);
  });
});

describe('backoff', () => {
  it('doubles from about 2 seconds and stays under about a minute', () => {
    expect(backoff(1)).toBeGreaterThanOrEqual(1_600);
    expect(backoff(1)).toBeLessThanOrEqual(2_400);
    expect(backoff(3)).toBeGreaterThanOrEqual(6_400);
    expect(backoff(30)).toBeLessThanOrEqual(72_000);
  });
});
