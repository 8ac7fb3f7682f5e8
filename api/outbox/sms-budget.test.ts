import { describe, expect, it } from 'vitest';
import type { AdminOutboxAnswer } from '../contract/outbox.schema.ts';
import { createAdmin, TEST_PASSWORD } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { drainOutbox } from './outbox.worker.ts';
import { createRecordingSender } from './sender.ts';

const database = useMigratedDatabase();

const T0 = Date.parse('2026-11-23T10:00:00Z');
const HOUR_MS = 60 * 60 * 1000;

/** An app whose SMS budget is 2 an hour, on a clock the test moves, with an admin signed in. */
async function setup() {
  let now = T0;
  const clock = () => new Date(now);
  const { app, deps } = await createTestApp(database(), { clock, config: { smsHourlyBudget: 2 } });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const registerByPhone = (phone: string, ip: string) =>
    createClient(app).request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      json: {
        firstName: 'Esi',
        lastName: 'Ansah',
        userType: 'renter',
        password: TEST_PASSWORD,
        registrationMethod: 'phone',
        phone,
      },
    });
  const budget = async () => {
    const res = await admin.request('/api/admin/outbox?status=failed');
    expect(res.status).toBe(200);
    return ((await res.json()) as AdminOutboxAnswer).smsBudget;
  };
  return { app, deps, clock, registerByPhone, budget, at: (ms: number) => (now = ms) };
}

describe('the hourly SMS budget', () => {
  it('holds SMS past the budget in the outbox (not dropped, not failed), says so to admins, and sends them when the hour allows', async () => {
    const { deps, clock, registerByPhone, budget, at } = await setup();
    for (const [i, phone] of ['+233241110001', '+233241110002', '+233241110003'].entries()) {
      expect((await registerByPhone(phone, `198.51.100.${i + 1}`)).status).toBe(201);
    }
    const sender = createRecordingSender();
    // The admin's own code went by e-mail: e-mail is not held back by the SMS budget.
    expect(await drainOutbox(deps.db, sender, clock, { smsHourlyBudget: deps.config.smsHourlyBudget })).toBe(3);
    expect(sender.sent.filter((m) => m.channel === 'sms').map((m) => m.to)).toEqual(['+233241110001', '+233241110002']);
    const [held] = await deps.db.query<{ attempts: number; sent_at: Date | null; failed_at: Date | null }>(
      `select attempts, sent_at, failed_at from outbox_messages where recipient = '+233241110003'`,
    );
    expect(held).toEqual({ attempts: 0, sent_at: null, failed_at: null });
    expect(await budget()).toEqual({
      perHour: 2,
      usedThisHour: 2,
      waiting: 1,
      reached: true,
      resumesAt: new Date(T0 + HOUR_MS).toISOString(),
    });

    // Later in the hour: still held, while e-mail flows.
    at(T0 + 30 * 60 * 1000);
    await deps.outbox.enqueue({
      channel: 'email',
      to: 'team@efie.example',
      subject: 'Note',
      text: 'E-mail is not held back.',
    });
    expect(await drainOutbox(deps.db, sender, clock, { smsHourlyBudget: 2 })).toBe(1);
    expect(sender.sent.filter((m) => m.channel === 'sms')).toHaveLength(2);

    // Once the first SMS are an hour old, the waiting one goes out.
    at(T0 + HOUR_MS + 1000);
    expect(await drainOutbox(deps.db, sender, clock, { smsHourlyBudget: 2 })).toBe(1);
    expect(sender.sent.at(-1)).toMatchObject({ channel: 'sms', to: '+233241110003' });
    expect(await budget()).toEqual({ perHour: 2, usedThisHour: 1, waiting: 0, reached: false, resumesAt: null });
  });

  it('is shared by two workers: together they send no more than the budget', async () => {
    const { deps, clock } = await setup();
    for (let i = 0; i < 6; i++)
      await deps.outbox.enqueue({ channel: 'sms', to: `+23324222000${i}`, subject: null, text: `Message ${i}` });
    const a = createRecordingSender();
    const b = createRecordingSender();
    await Promise.all([
      drainOutbox(deps.db, a, clock, { smsHourlyBudget: 2 }),
      drainOutbox(deps.db, b, clock, { smsHourlyBudget: 2 }),
    ]);
    expect([...a.sent, ...b.sent].filter((m) => m.channel === 'sms')).toHaveLength(2);
  });
});
