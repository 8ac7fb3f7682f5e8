import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createSignInLimiter, MAX_FAILURES } from './sign-in-limiter.ts';

const database = useMigratedDatabase();

describe('the sign-in limiter', () => {
  it('takes back a withdrawn attempt (a 503: the password was never checked), and only that one', async () => {
    const limiter = createSignInLimiter(database(), () => new Date('2026-11-22T10:00:00Z'));
    // Retrying through a busy moment as often as one likes counts nothing…
    for (let i = 0; i < 2 * MAX_FAILURES; i++) {
      await limiter.begin('email:ama@example.com', '203.0.113.5');
      await limiter.withdraw('email:ama@example.com', '203.0.113.5');
    }
    // …while the real failures still add up to the limit.
    for (let i = 0; i < MAX_FAILURES; i++) await limiter.begin('email:ama@example.com', '203.0.113.5');
    await expect(limiter.begin('email:ama@example.com', '203.0.113.5')).rejects.toMatchObject({
      code: 'too_many_attempts',
    });
    await limiter.withdraw('email:ama@example.com', '203.0.113.5');
    await limiter.begin('email:ama@example.com', '203.0.113.5');
    await expect(limiter.begin('email:ama@example.com', '203.0.113.5')).rejects.toMatchObject({
      code: 'too_many_attempts',
    });
  });

  it('takes back a withdrawn attempt counted without a client (the current password in account settings)', async () => {
    const limiter = createSignInLimiter(database(), () => new Date('2026-11-22T10:00:00Z'));
    for (let i = 0; i < MAX_FAILURES; i++) await limiter.begin('account:user-1');
    await limiter.withdraw('account:user-1');
    await limiter.begin('account:user-1');
    await expect(limiter.begin('account:user-1')).rejects.toMatchObject({ code: 'too_many_attempts' });
  });
});
