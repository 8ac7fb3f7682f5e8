import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/app-env.ts';
import { createLogger } from '../logger.ts';
import { requestContext } from './request-context.ts';

function appWithLog() {
  const lines: { message: string; method?: string; path?: string; status?: number; requestId?: string; ms?: number }[] =
    [];
  const log = createLogger({}, (line) => lines.push(JSON.parse(line)));
  const app = new Hono<AppEnv>()
    .use('*', requestContext(log, { quietPaths: ['/api/beacon'] }))
    .post('/api/beacon', (c) => c.json({}, c.req.query('fail') ? 400 : 202))
    .get('/api/thing', (c) => c.json({}))
    .get('/api/whoami', (c) => {
      c.var.log.info('handled');
      return c.json({ requestId: c.var.requestId });
    })
    .get('/page', (c) => c.text('a page'))
    .get('/api/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return c.json({});
    });
  return { app, lines };
}

describe('requestContext', () => {
  it('writes an access line per /api request, with the request id it answers in X-Request-Id', async () => {
    const { app, lines } = appWithLog();
    const res = await app.request('/api/thing', { headers: { 'x-request-id': 'abc-1' } });
    expect(res.headers.get('x-request-id')).toBe('abc-1');
    expect(lines).toEqual([
      expect.objectContaining({ message: 'request', path: '/api/thing', status: 200, requestId: 'abc-1' }),
    ]);
  });

  it('writes no line for a quiet path answered well, and one when it is refused', async () => {
    const { app, lines } = appWithLog();
    await app.request('/api/beacon', { method: 'POST' });
    expect(lines).toEqual([]);
    await app.request('/api/beacon?fail=1', { method: 'POST' });
    expect(lines).toEqual([expect.objectContaining({ path: '/api/beacon', status: 400 })]);
  });

  it('keeps a sane X-Request-Id and gives any other request a fresh one, the same the handlers see', async () => {
    const { app, lines } = appWithLog();
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const answer = async (given?: string) => {
      const res = await app.request('/api/whoami', given === undefined ? {} : { headers: { 'x-request-id': given } });
      const seen = ((await res.json()) as { requestId: string }).requestId;
      expect(res.headers.get('x-request-id')).toBe(seen);
      return seen;
    };
    for (const sane of ['a', 'trace.42_x-Y', 'x'.repeat(100)]) expect(await answer(sane)).toBe(sane);
    for (const insane of [undefined, '', 'has space', 'a/b', '<script>', 'x'.repeat(101), 'ünï'])
      expect(await answer(insane)).toMatch(UUID);
    expect(await answer()).not.toBe(await answer());
    // The handler's logger carries the same id as the access line.
    const seen = await answer('trace-7');
    expect(lines.filter((line) => line.requestId === seen).map((line) => line.message)).toEqual(['handled', 'request']);
  });

  it('writes no access line for a path outside /api, but still answers its request id', async () => {
    const { app, lines } = appWithLog();
    const res = await app.request('/page', { headers: { 'x-request-id': 'page-1' } });
    expect(res.headers.get('x-request-id')).toBe('page-1');
    expect(lines).toEqual([]);
  });

  it('logs the method and how long the answer took, in tenths of a millisecond', async () => {
    const { app, lines } = appWithLog();
    const started = performance.now();
    await app.request('/api/slow');
    const took = performance.now() - started;
    expect(lines).toEqual([
      expect.objectContaining({ message: 'request', method: 'GET', path: '/api/slow', status: 200 }),
    ]);
    const ms = lines[0]?.ms ?? Number.NaN;
    expect(Math.abs(ms * 10 - Math.round(ms * 10))).toBeLessThan(1e-6);
    expect(ms).toBeGreaterThanOrEqual(20);
    expect(ms).toBeLessThanOrEqual(took + 0.1);
  });
});
