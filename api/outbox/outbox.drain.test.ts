import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../contract/auth.schema.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { drainOutbox } from './outbox.worker.ts';
import { createRecordingSender, type MessageSender } from './sender.ts';

const database = useMigratedDatabase();

const T0 = Date.parse('2026-11-22T10:00:00Z');

/** The app's parts on a clock the test sets. */
async function setup() {
  let now = T0;
  const clock = () => new Date(now);
  const { deps } = await createTestApp(database(), { clock });
  const enqueue = (text: string) => deps.outbox.enqueue({ channel: 'email', to: 'a@example.com', subject: null, text });
  return { deps, clock, enqueue, setTime: (ms: number) => (now = ms) };
}

const failing: MessageSender = {
  async send() {
    throw new Error('gateway down');
  },
};

const row = async () =>
  (
    await database().query<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
      'select attempts, sent_at, last_error from outbox_messages',
    )
  )[0];

describe('outbox drain passes', () => {
  it('never hand a message to two senders when two passes overlap', async () => {
    const { deps, clock, enqueue } = await setup();
    for (const text of ['one', 'two', 'three']) await enqueue(text);
    // Pass A claims the batch, then its gateway hangs on the first message.
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = createRecordingSender();
    const slowSender: MessageSender = {
      async send(message: OutboxMessage) {
        arrived();
        await released;
        return slow.send(message);
      },
    };
    const passA = drainOutbox(deps.db, slowSender, clock);
    await firstArrived;
    // Pass B runs meanwhile: everything is under A's lease.
    const other = createRecordingSender();
    expect(await drainOutbox(deps.db, other, clock)).toBe(0);
    release();
    expect(await passA).toBe(3);
    expect(slow.sent.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(other.sent).toEqual([]);
    expect(await drainOutbox(deps.db, other, clock)).toBe(0);
  });

  it('send each message once when two workers drain at the same time', async () => {
    const { deps, clock, enqueue } = await setup();
    const texts = Array.from({ length: 40 }, (_, i) => `message ${i}`);
    for (const text of texts) await enqueue(text);
    const drainAll = async (sender: MessageSender) => {
      while ((await drainOutbox(deps.db, sender, clock, { batchSize: 3 })) > 0);
    };
    const [a, b] = [createRecordingSender(), createRecordingSender()];
    await Promise.all([drainAll(a), drainAll(b)]);
    const sent = [...a.sent, ...b.sent].map((m) => m.text);
    expect(sent).toHaveLength(texts.length);
    expect(new Set(sent)).toEqual(new Set(texts));
  });

  it('waits 30 s after the first failure, doubling the pause after each further one', async () => {
    const { deps, clock, enqueue, setTime } = await setup();
    await enqueue('one');
    let at = T0;
    for (let attempt = 1; attempt <= 4; attempt++) {
      setTime(at);
      expect(await drainOutbox(deps.db, failing, clock), `attempt ${attempt}`).toBe(1);
      const wait = 30_000 * 2 ** (attempt - 1);
      setTime(at + wait - 1);
      expect(await drainOutbox(deps.db, failing, clock), `${wait - 1} ms after attempt ${attempt}`).toBe(0);
      at += wait;
    }
    expect(await row()).toEqual({ attempts: 4, sent_at: null, last_error: 'gateway down' });
    setTime(at);
    const sender = createRecordingSender();
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(sender.sent.map((m) => m.text)).toEqual(['one']);
    expect((await row())?.sent_at).not.toBeNull();
  });

  it('gives a message up after 10 failed attempts, marking it failed and keeping the last error', async () => {
    const { deps, clock, enqueue, setTime } = await setup();
    await enqueue('one');
    let at = T0;
    for (let attempt = 1; attempt <= 10; attempt++) {
      setTime(at);
      expect(await drainOutbox(deps.db, failing, clock), `attempt ${attempt}`).toBe(1);
      at += Math.min(30_000 * 2 ** (attempt - 1), 30 * 60_000);
    }
    expect(await row()).toEqual({ attempts: 10, sent_at: null, last_error: 'gateway down' });
    const [failed] = await deps.outbox.listFailed();
    expect(failed).toMatchObject({ attempts: 10, failure: 'exhausted', lastError: 'gateway down', text: 'one' });
    setTime(at + 365 * 24 * 3600_000);
    const sender = createRecordingSender();
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    expect(sender.sent).toEqual([]);
    expect((await deps.outbox.listTo('a@example.com'))[0]).toMatchObject({ text: 'one', sentAt: null });
  });
});
