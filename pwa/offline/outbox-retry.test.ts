import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import type { Property } from '../lib/contract.ts';
import type { OutboxItem } from './outbox-item.schema.ts';
import { afterFailure, classify, ItemFaultError, MAX_FAULTS, UnknownKindError } from './outbox-retry.ts';
import { NoConnectionError, StalledError } from './transport.ts';

const NOW = 1_800_000_000_000;
const item = (extra: Partial<OutboxItem> = {}) =>
  ({
    kind: 'favorite',
    id: 'f',
    ownerId: 'ama',
    createdAt: NOW - 1_000,
    label: 'Save: f',
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: NOW,
    revision: 3,
    faults: 0,
    propertyId: 'p',
    favorite: true,
    property: { id: 'p' } as Property,
    ...extra,
  }) as OutboxItem;

describe('classify', () => {
  it('tells a refusal, an ended session, no connection, a busy server and a fault of the item apart', () => {
    expect(classify(new ApiError(404, 'gone', { error: 'Not found' }))).toMatchObject({ kind: 'refused', status: 404 });
    expect(classify(new ApiError(401, 'no', null))).toEqual({ kind: 'sign-in' });
    expect(classify(new NoConnectionError('/api'))).toEqual({ kind: 'offline' });
    expect(classify(new TypeError('Failed to fetch'))).toEqual({ kind: 'offline' });
    expect(classify(new ApiError(503, 'later', null))).toEqual({ kind: 'busy' });
    for (const error of [
      new StalledError('/api'),
      new UnknownKindError('review'),
      new ItemFaultError('photo 2 unreadable', 'a photo could not be read'),
      new Error('boom'),
    ]) {
      expect(classify(error).kind).toBe('fault');
    }
    // A kind names what went wrong with its item, in the words the person reads.
    expect(classify(new ItemFaultError('photo 2 unreadable', 'a photo could not be read on this phone.'))).toEqual({
      kind: 'fault',
      reason: 'a photo could not be read on this phone.',
    });
  });
});

describe('afterFailure', () => {
  it('backs off from the stored copy, counting the attempt', () => {
    const after = afterFailure(item({ attempts: 2 }), { kind: 'offline' }, NOW);
    expect(after).toMatchObject({ status: 'waiting', attempts: 3, lastAttemptAt: NOW, faults: 0 });
    expect(after.nextAttemptAt).toBeGreaterThan(NOW);
  });
  it('stops a refused item with the reason', () => {
    expect(afterFailure(item(), { kind: 'refused', status: 404, message: 'Not found' }, NOW)).toMatchObject({
      status: 'failed',
      error: 'Not found',
      httpStatus: 404,
    });
  });
  it('keeps an item whose session ended, marked to ask for a sign-in', () => {
    expect(afterFailure(item(), { kind: 'sign-in' }, NOW)).toMatchObject({ status: 'waiting', needsSignIn: true });
  });
  it('retries a fault until the limit, then shows it as not sent with the reason (no HTTP status)', () => {
    const fault = { kind: 'fault', reason: 'the connection kept stopping' } as const;
    expect(afterFailure(item({ faults: MAX_FAULTS - 2 }), fault, NOW)).toMatchObject({
      status: 'waiting',
      faults: MAX_FAULTS - 1,
    });
    const given = afterFailure(item({ faults: MAX_FAULTS - 1 }), fault, NOW);
    expect(given).toMatchObject({ status: 'failed', faults: MAX_FAULTS, error: 'the connection kept stopping' });
    expect(given.httpStatus).toBeUndefined();
  });
  it('forgets an earlier sign-in request once an attempt gets further', () => {
    expect(afterFailure(item({ needsSignIn: true }), { kind: 'offline' }, NOW).needsSignIn).toBeUndefined();
  });
});
