import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { drainOutbox, FORGOTTEN_TEXT, startOutboxWorker } from './outbox.worker.ts';
import { createRecordingSender } from './sender.ts';

const database = useMigratedDatabase();

describe('outbox worker', () => {
  it('hands each unsent message to the sender once and marks it sent', async () => {
    const { deps } = await createTestApp(database());
    await deps.outbox.enqueue({ channel: 'email', to: 'a@example.com', subject: 'Hi', text: 'one' });
    await deps.outbox.enqueue({ channel: 'sms', to: '+233241234567', subject: null, text: 'two' });
    const sender = createRecordingSender();
    expect(await drainOutbox(deps.db, sender, deps.clock)).toBe(2);
    expect(await drainOutbox(deps.db, sender, deps.clock)).toBe(0);
    expect(sender.sent.map((m) => m.text)).toEqual(['one', 'two']);
    const [listed] = await deps.outbox.listTo('a@example.com');
    expect(listed?.sentAt).not.toBeNull();
  });

  it('keeps a message the gateway refused, with the error, and tries again after a pause', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const clock = () => now;
    const { deps } = await createTestApp(database(), { clock });
    await deps.outbox.enqueue({ channel: 'email', to: 'a@example.com', subject: null, text: 'one' });
    const failing = {
      send: async () => {
        throw new Error('gateway down');
      },
    };
    expect(await drainOutbox(deps.db, failing, clock)).toBe(1);
    const [row] = await deps.db.query<{ sent_at: Date | null; attempts: number; last_error: string }>(
      'select sent_at, attempts, last_error from outbox_messages',
    );
    expect(row).toEqual({ sent_at: null, attempts: 1, last_error: 'gateway down' });
    const sender = createRecordingSender();
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    now = new Date('2026-11-22T10:00:31Z');
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(sender.sent).toHaveLength(1);
  });

  it('leaves a message claimed by a pass that died before it began sending to a later pass once the lease ends', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const clock = () => now;
    const { deps } = await createTestApp(database(), { clock });
    await deps.outbox.enqueue({ channel: 'email', to: 'a@example.com', subject: null, text: 'one' });
    // Claimed, then the process died before recording the outcome.
    await deps.db.query(`update outbox_messages set claimed_until = $1, attempts = 1`, [
      new Date('2026-11-22T10:01:00Z'),
    ]);
    const sender = createRecordingSender();
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    now = new Date('2026-11-22T10:01:00Z');
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(sender.sent.map((m) => m.text)).toEqual(['one']);
  });

  it('forgets the text of sent messages holding a code or link when asked (production), and only those', async () => {
    const { deps } = await createTestApp(database());
    await deps.outbox.enqueue({
      channel: 'sms',
      to: '+233241234567',
      subject: null,
      text: 'Your Efie code is 123456.',
      containsSecret: true,
    });
    await deps.outbox.enqueue({ channel: 'email', to: 'team@example.com', subject: 'Support', text: 'Please call me' });
    const sender = createRecordingSender();
    await drainOutbox(deps.db, sender, deps.clock, { forgetSecrets: true });
    expect(sender.sent.map((m) => m.text)).toEqual(['Your Efie code is 123456.', 'Please call me']);
    expect((await deps.outbox.listTo('+233241234567'))[0]?.text).toBe(FORGOTTEN_TEXT);
    expect((await deps.outbox.listTo('team@example.com'))[0]?.text).toBe('Please call me');
  });

  it('runs in the background until stopped: after stop() nothing is sent or claimed', async () => {
    const { deps } = await createTestApp(database());
    // The worker's polling runs on fake timers the test moves; the database stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sender = createRecordingSender();
      const worker = startOutboxWorker(deps.db, sender, { log: silentLogger, pollMs: 1000 });
      await deps.outbox.enqueue({ channel: 'email', to: 'a@example.com', subject: null, text: 'while running' });
      await vi.waitFor(() => expect(sender.sent.map((m) => m.text)).toEqual(['while running']), {
        timeout: 10_000,
        interval: 20,
      });
      await worker.stop();
      // That a stopped poller leaves no timer is events/store/polling.test.ts's to say: here the test
      // app's own background work may set a (fake) timer at any moment, most of all on a busy machine.
      await deps.outbox.enqueue({ channel: 'email', to: 'a@example.com', subject: null, text: 'after stop' });
      await vi.advanceTimersByTimeAsync(10_000);
      // A pass of our own finds the message unclaimed: no stopped worker took it.
      const later = createRecordingSender();
      expect(await drainOutbox(deps.db, later, deps.clock)).toBe(1);
      expect(later.sent.map((m) => m.text)).toEqual(['after stop']);
      expect(sender.sent.map((m) => m.text)).toEqual(['while running']);
    } finally {
      vi.useRealTimers();
    }
  });
});
