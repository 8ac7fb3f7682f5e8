import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/app-env.ts';
import { createLogger } from '../logger.ts';
import { requestContext } from './request-context.ts';

function appWithLog() {
  const lines: { message: string; path?: string; status?: number; requestId?: string }[] = [];
  const log = createLogger({}, (line) => lines.push(JSON.parse(line)));
  const app = new Hono<AppEnv>()
    .use('*', requestContext(log, { quietPaths: ['/api/beacon'] }))
    .post('/api/beacon', (c) => c.json({}, c.req.query('fail') ? 400 : 202))
    .get('/api/thing', (c) => c.json({}));
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
});
