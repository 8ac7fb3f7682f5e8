import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from './http/app-env.ts';
import { validate } from './middleware/validate.ts';
import { localCallersOnly } from './outbox/dev-outbox.routes.ts';
import { errorBody } from './http/error-response.ts';

/**
 * The server's clock, moved on by whole days for end-to-end tests (a review a week after the host's
 * answer, ADR 410). Made only with the dev outbox (EFIE_DEV_OUTBOX=1, never in production).
 */
export function createDevClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    setOffsetDays(days: number) {
      offsetMs = days * 24 * 60 * 60 * 1000;
    },
  };
}
export type DevClock = ReturnType<typeof createDevClock>;

const ClockSchema = v.object({
  offsetDays: v.pipe(
    v.number('offsetDays must be a whole number of days from 0 to 90'),
    v.integer('offsetDays must be a whole number of days from 0 to 90'),
    v.minValue(0, 'offsetDays must be a whole number of days from 0 to 90'),
    v.maxValue(90, 'offsetDays must be a whole number of days from 0 to 90'),
  ),
});

/**
 * POST /api/dev/clock {offsetDays}: the server's clock runs that many days ahead (0 puts it back).
 * Loopback callers only; a server whose clock a test gave it (the unit tests') has none to move: 404.
 */
export const devClockRoutes = (clock: DevClock | undefined) =>
  new Hono<AppEnv>().use('*', localCallersOnly).post('/clock', validate('json', ClockSchema), (c) => {
    if (!clock) return c.json(errorBody('This server’s clock is not the dev clock.', 'not_found'), 404);
    const { offsetDays } = c.req.valid('json');
    clock.setOffsetDays(offsetDays);
    return c.json({ offsetDays, now: clock.now().toISOString() });
  });
