import { describe, expect, it } from 'vitest';
import { DomainError } from '../../events/store/errors.ts';
import type { PasswordHasher } from './password.ts';
import { queuedHasher } from './password-queue.ts';

/** A hasher whose every call waits until the test lets it finish: the queue's behaviour, step by step. */
function heldHasher() {
  const held: (() => void)[] = [];
  const hold = <T>(value: T) => new Promise<T>((resolve) => held.push(() => resolve(value)));
  const hasher: PasswordHasher = {
    hash: () => hold('hash'),
    verify: () => hold(true),
    verifyNothing: () => hold(false as const),
  };
  return { hasher, held, finishOne: () => held.shift()!() };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the queue of password hashes', () => {
  it('runs at most inFlight at once, and the next in line starts as one finishes', async () => {
    const { hasher, held, finishOne } = heldHasher();
    const queue = queuedHasher(hasher, { inFlight: 2, maxWaitMs: 60_000, maxQueued: 10 });
    const order: number[] = [];
    const calls = [1, 2, 3, 4].map((n) => queue.verify('p', 's').then(() => order.push(n)));
    await settled();
    expect(held).toHaveLength(2);
    finishOne();
    await settled();
    expect(order).toEqual([1]);
    expect(held).toHaveLength(2);
    for (let i = 0; i < 3; i++) {
      finishOne();
      await settled();
    }
    await Promise.all(calls);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('answers 503 with Retry-After to one that waits past the deadline, and to one past the queue length at once', async () => {
    const { hasher, held, finishOne } = heldHasher();
    const queue = queuedHasher(hasher, { inFlight: 1, maxWaitMs: 50, maxQueued: 1 });
    const running = queue.hash('p');
    const waiting = queue.hash('p');
    const refusedAtOnce = queue.hash('p');
    await expect(refusedAtOnce).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'busy',
      details: { retryAfterSeconds: 1 },
    });
    const late = await waiting.catch((error: unknown) => error);
    expect(late).toBeInstanceOf(DomainError);
    expect(late).toMatchObject({ kind: 'unavailable', code: 'busy' });
    // The refused ones never ran, and the slot is still the first one's until it finishes.
    expect(held).toHaveLength(1);
    finishOne();
    expect(await running).toBe('hash');
    const after = queue.hash('p');
    await settled();
    finishOne();
    expect(await after).toBe('hash');
  });
});
