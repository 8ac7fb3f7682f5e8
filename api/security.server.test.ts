import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exitOf,
  logLines,
  residentBytes,
  spawnServer,
  stopServer,
  type SpawnedServer,
} from '../testing/spawn-server.ts';

// The server as `npm start` runs it (no NODE_ENV, no EFIE_DEV_OUTBOX), over real HTTP.
const ADMIN_EMAIL = 'owner-of-efie@example.com';
const ATTACKER_PASSWORD = 'attacker-password-9';
let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServer({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-security-')),
    ADMIN_EMAIL,
    ADMIN_PASSWORD: 'operator-password-1',
  });
}, 120_000);
afterAll(async () => {
  if (server) await stopServer(server.child);
});

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { origin: server.base.replace('127.0.0.1', 'localhost'), 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('a default start (npm start)', () => {
  it('hands out no reset link: the dev outbox is a 404 and the admin account stays the operator’s', async () => {
    const forgot = await postJson('/api/auth/forgot-password', { email: ADMIN_EMAIL });
    expect(forgot.status).toBe(200);
    const outbox = await fetch(`${server.base}/api/dev/outbox?to=${encodeURIComponent(ADMIN_EMAIL)}`);
    expect(outbox.status).toBe(404);
    expect(await outbox.json()).toEqual({ error: 'No API route GET /api/dev/outbox', code: 'not_found' });
    // Without the link, a guessed token opens nothing.
    const reset = await postJson('/api/auth/reset-password', { token: 'x.y', newPassword: ATTACKER_PASSWORD });
    expect(reset.status).toBe(400);
    const signIn = await postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ATTACKER_PASSWORD });
    expect(signIn.status).toBe(401);
    expect((await postJson('/api/auth/login', { email: ADMIN_EMAIL, password: 'operator-password-1' })).status).toBe(
      200,
    );
  });

  it('answers a chunked body that passes the 1 MB limit with 413 in the contract’s format', async () => {
    for (const path of ['/api/auth/login', '/api/auth/register', '/api/properties']) {
      // 2 MB, then the client waits with the request still open: the answer must come without the end.
      const { answer } = await sendChunked(
        server.port,
        path,
        2 * 1024 ** 2,
        { 'idempotency-key': `over-${path}` },
        'answer',
      );
      expect(answer?.status, path).toBe(413);
      expect(JSON.parse(answer?.body ?? 'null'), path).toEqual({
        error: 'The request body is too large.',
        code: 'too_large',
      });
    }
  }, 60_000);

  it('answers a 3 GB chunked body with 413 and stops it after at most 1 MB read and 16 MB dropped, while the memory stays within 50 MB of idle', async () => {
    const idle = residentBytes(server.child.pid!);
    let peak = idle;
    const sampling = setInterval(() => (peak = Math.max(peak, residentBytes(server.child.pid!))), 10);
    try {
      for (const path of ['/api/auth/login', '/api/auth/register', '/api/properties']) {
        const { answer, cut, sentBytes } = await sendChunked(
          server.port,
          path,
          3 * 1024 ** 3,
          { 'idempotency-key': `big-${path}` },
          'cut',
        );
        // The client is still writing when the answer comes: the server keeps reading and dropping
        // for a moment before it closes, so the 413 is read rather than lost to a reset.
        expect(answer?.status, path).toBe(413);
        expect(JSON.parse(answer?.body ?? 'null'), path).toEqual({
          error: 'The request body is too large.',
          code: 'too_large',
        });
        // Then it cut the upload: 1 MB read, at most 16 MB dropped, plus what the sockets' buffers hold.
        expect(cut, path).toMatch(/EPIPE|ECONNRESET/);
        expect(sentBytes, path).toBeLessThan(48 * 1024 ** 2);
      }
      // Ten 50 MB bodies at once, with their length declared: refused before a byte is read.
      const declared = await Promise.all(
        Array.from({ length: 10 }, () => sendSized(server.port, '/api/auth/register', 50 * 1024 ** 2)),
      );
      expect(declared.map((d) => d.status)).toEqual(Array(10).fill(413));
    } finally {
      clearInterval(sampling);
    }
    expect(peak - idle).toBeLessThan(50 * 1024 ** 2);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 120_000);
});

describe('the dev outbox turned on for local work (EFIE_DEV_OUTBOX=1)', () => {
  it('says so loudly at start-up and answers loopback callers only, not a request relayed by a proxy', async () => {
    const local = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-devoutbox-')), EFIE_DEV_OUTBOX: '1' });
    try {
      // The log is written asynchronously (pino): the line arrives soon after start-up, not before it.
      const warnings = () =>
        logLines(local.output()).filter(
          (line) => line.level === 'warn' && line.message.startsWith('DEV OUTBOX IS ON (EFIE_DEV_OUTBOX=1)'),
        );
      await expect.poll(() => warnings().length).toBe(1);
      expect((await fetch(`${local.base}/api/dev/outbox?to=a@example.com`)).status).toBe(200);
      const relayed = await fetch(`${local.base}/api/dev/outbox?to=a@example.com`, {
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(relayed.status).toBe(404);
    } finally {
      await stopServer(local.child);
    }
  }, 120_000);

  it('refuses to start with NODE_ENV=production, in one line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        EFIE_DEV_OUTBOX: '1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-prod-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid configuration: EFIE_DEV_OUTBOX: the dev outbox shows every code and reset link; it cannot be on with NODE_ENV=production',
    );
  }, 60_000);
});

type Outcome = { answer?: { status: number; body: string }; cut?: string; sentBytes: number };

/**
 * Streams up to `total` bytes with Transfer-Encoding: chunked, 1 MB at a time, and keeps the
 * request open after the last one. `until: 'answer'` settles when the server's answer has
 * been read; `until: 'cut'` goes on writing after it and settles when the server closes the
 * connection (the write fails), with the answer read before that, if any.
 */
function sendChunked(
  port: number,
  path: string,
  total: number,
  headers: Record<string, string>,
  until: 'answer' | 'cut',
): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const outcome: Outcome = { sentBytes: 0 };
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve(outcome);
    };
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        outcome.answer = { status: res.statusCode ?? 0, body };
        if (until === 'answer') settle();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.cut = error.code ?? error.message;
      settle();
    });
    // Lets the event loop read between writes, so an answer is seen as soon as it comes.
    const pump = async () => {
      while (!settled && outcome.sentBytes < total) {
        outcome.sentBytes += chunk.length;
        await new Promise<void>((done) => req.write(chunk, () => done()));
        await new Promise((next) => setImmediate(next));
      }
    };
    void pump();
  });
}

/** A request that declares a large Content-Length and sends only the first bytes of it. */
function sendSized(port: number, path: string, declared: number): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declared) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0 });
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(64 * 1024, 0x61));
  });
}
