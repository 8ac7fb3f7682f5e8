import { DomainError } from '../../events/store/errors.ts';
import type { PasswordHasher } from './password.ts';

/**
 * Password hashes computed at once. scrypt takes 32 MB and one of libuv's 4 threads for
 * about 100 ms; those threads also read every file (photos, the app's assets), so two
 * are left for that whatever arrives.
 */
export const HASHES_IN_FLIGHT = 2;
/** The longest a request waits for its turn: past it, 503 rather than an answer that never comes. */
export const HASH_WAIT_MS = 5_000;
/** Requests waiting at most; one more is refused at once (it could not start within the wait anyway). */
export const HASH_QUEUE_LENGTH = 100;

export const hashingBusy = (retryAfterSeconds: number) =>
  new DomainError('unavailable', 'busy', 'Many people are signing in right now. Please try again in a few seconds.', {
    retryAfterSeconds,
  });

export const isHashingBusy = (error: unknown) => error instanceof DomainError && error.code === 'busy';

type Waiter = { start: () => void; timer: NodeJS.Timeout };

/**
 * Runs the hasher's work at most `inFlight` at a time, first come first served; a request
 * that cannot start within `maxWaitMs`, or finds `maxQueued` already waiting, is refused
 * with 503 and Retry-After (docs/decisions/010). Per process: each instance has its own pool.
 */
export function queuedHasher(
  inner: PasswordHasher,
  { inFlight = HASHES_IN_FLIGHT, maxWaitMs = HASH_WAIT_MS, maxQueued = HASH_QUEUE_LENGTH } = {},
): PasswordHasher {
  let running = 0;
  const waiting: Waiter[] = [];
  const retryAfterSeconds = Math.max(1, Math.ceil(maxWaitMs / 1000));

  function release() {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else running -= 1;
  }

  /** Resolves when this request may hash (the slot passes straight to the next waiter on release). */
  function turn(): Promise<void> {
    if (running < inFlight) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxQueued) return Promise.reject(hashingBusy(retryAfterSeconds));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(hashingBusy(retryAfterSeconds));
        }, maxWaitMs),
      };
      waiting.push(waiter);
    });
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    await turn();
    try {
      return await work();
    } finally {
      release();
    }
  }

  return {
    hash: (password) => run(() => inner.hash(password)),
    verify: (password, stored) => run(() => inner.verify(password, stored)),
    verifyNothing: (password) => run(() => inner.verifyNothing(password)),
  };
}
