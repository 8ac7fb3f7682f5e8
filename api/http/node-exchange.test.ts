import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './listen.ts';
import { answerHeaderUnlessSet, requestCookie, requestHeader, requestSocket } from './node-exchange.ts';

// The same reads and writes on both paths: through Node's own request and response when a socket
// serves the request (listen), and through the web Request and Response under app.request.

const app = new Hono()
  .use('*', async (c, next) => {
    await next();
    answerHeaderUnlessSet(c, 'X-Set-By', 'middleware');
  })
  .get('/read', (c) =>
    c.json({
      multi: requestHeader(c, 'x-multi') ?? null,
      host: requestHeader(c, 'host') ?? null,
      missing: requestHeader(c, 'x-missing') ?? null,
      cookie: requestCookie(c, 'efie_session') ?? null,
      noCookie: requestCookie(c, 'absent') ?? null,
      socket: requestSocket(c) !== undefined,
    }),
  )
  .get('/own', (c) => c.json({}, 200, { 'X-Set-By': 'route' }))
  .get('/moved', () => Response.redirect('http://efie.example/elsewhere', 302));

type Read = { multi: string | null; missing: null; cookie: string | null; noCookie: null; socket: boolean };

let server: Server;
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = listen(app.fetch, { port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    }) as Server;
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * A GET over a socket with headers as a flat list, so a header may repeat as a client sends it
 * (given as a list, Node's client adds no Host of its own).
 */
function get(path: string, headers: string[] = []) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, headers: ['Host', `127.0.0.1:${port}`, 'Connection', 'close', ...headers] },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('node-exchange', () => {
  it('reads request headers and cookies through Node on a socket, as app.request reads them', async () => {
    const sent = ['X-Multi', 'a', 'X-Multi', 'b', 'Cookie', 'theme=dark; efie_session=s3cr3t'];
    const onSocket = JSON.parse((await get('/read', sent)).body) as Read & { host: string };
    expect(onSocket).toEqual({
      multi: 'a, b',
      host: `127.0.0.1:${port}`,
      missing: null,
      cookie: 's3cr3t',
      noCookie: null,
      socket: true,
    });
    const inProcess = (await (
      await app.request('/read', {
        headers: [
          ['X-Multi', 'a'],
          ['X-Multi', 'b'],
          ['Cookie', 'theme=dark; efie_session=s3cr3t'],
        ],
      })
    ).json()) as Read;
    expect(inProcess).toEqual({ ...onSocket, host: null, socket: false });
    const bare = JSON.parse((await get('/read')).body) as Read;
    expect(bare).toMatchObject({ multi: null, cookie: null, noCookie: null });
  });

  it('gives the answer a header only when the route did not give its own, on both paths', async () => {
    expect((await get('/read')).headers['x-set-by']).toBe('middleware');
    expect((await get('/own')).headers['x-set-by']).toBe('route');
    expect((await app.request('/read')).headers.get('x-set-by')).toBe('middleware');
    expect((await app.request('/own')).headers.get('x-set-by')).toBe('route');
    // An answer whose headers cannot change (a redirect) is copied to take it.
    const moved = await app.request('/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://efie.example/elsewhere');
    expect(moved.headers.get('x-set-by')).toBe('middleware');
    const movedOnSocket = await get('/moved');
    expect([movedOnSocket.status, movedOnSocket.headers['x-set-by']]).toEqual([302, 'middleware']);
  });
});
