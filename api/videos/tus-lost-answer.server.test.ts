import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload, type HttpResponse } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_TUS_PATH, type UploadedVideo } from '../contract/videos.schema.ts';
import { registerVerifiedUser } from '../../testing/accounts.ts';
import { freePort } from '../../testing/free-port.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { sampleMp4, uploadVideo } from '../../testing/videos.ts';

// Uploads that finish once (issue 27): the real tus-js-client against the app on a real HTTP
// server, through a small proxy that loses the answer to the last PATCH, on the test database.

const database = useMigratedDatabase();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-tus-lost-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Seen = { method: string; offset: string | undefined; status: number | 'dropped' };

/**
 * Forwards everything to `target`; the first PATCH that completes the upload reaches the
 * server and is handled, but its answer never reaches the client: the connection is cut.
 */
async function lossyProxy(target: number): Promise<{ port: number; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  let dropped = false;
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const offset = req.headers['upload-offset'] as string | undefined;
        const last = req.method === 'PATCH' && answer.statusCode === 200;
        if (last && !dropped) {
          dropped = true;
          seen.push({ method: 'PATCH', offset, status: 'dropped' });
          answer.resume();
          req.socket.destroy();
          return;
        }
        seen.push({ method: req.method!, offset, status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, seen, server };
}

/** Uploads `bytes` with tus-js-client as the PWA does (chunks, retries), resolving with the last answer's body. */
function tusUpload(endpoint: string, cookie: string, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint,
      headers: { cookie },
      chunkSize: 64 * 1024,
      retryDelays: [0, 100, 200, 400],
      metadata: { filename: 'walkthrough.mp4', filetype: 'video/mp4' },
      storeFingerprintForResuming: false,
      onSuccess: ({ lastResponse }: { lastResponse: HttpResponse }) => resolve(lastResponse.getBody() ?? ''),
      onError: reject,
    });
    upload.start();
  });
}

describe('a resumable upload whose last answer is lost (real tus-js-client)', () => {
  let http: ServerType | undefined;
  let proxy: Server | undefined;
  afterAll(async () => {
    proxy?.close();
    http?.close();
  });

  it('is seen complete by HEAD and recorded once; the same file sent again by the same person is the same video', async () => {
    const { app, deps } = await createTestApp(database(), { config: { dataDir: join(dir, randomUUID()) } });
    const port = await freePort();
    http = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    const lossy = await lossyProxy(port);
    proxy = lossy.server;
    const host = createClient(app);
    const account = await registerVerifiedUser(app, host, { userType: 'owner' });
    const cookie = [...host.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const bytes = sampleMp4(Buffer.alloc(200_000, 9));

    const answer = await tusUpload(`http://127.0.0.1:${lossy.port}${VIDEO_TUS_PATH}`, cookie, bytes);
    // The client asked where the upload stood and was told: complete. It did not start again.
    const methods = lossy.seen.map((s) => `${s.method} ${s.status}`);
    expect(methods.filter((m) => m.startsWith('POST'))).toEqual(['POST 201']);
    expect(methods).toContain('PATCH dropped');
    expect(methods.at(-1)).toBe('HEAD 200');
    expect(answer).toBe('');
    const videos = await deps.db.query<{ id: string; file_size: string }>(
      'select id::text as id, file_size::text as file_size from videos where owner_id = $1',
      [account.user.id],
    );
    expect(videos).toEqual([{ id: expect.any(String), file_size: String(bytes.length) }]);

    // The person starts the same file again from scratch (a new upload): recognised, not recorded twice.
    const again = JSON.parse(
      await tusUpload(`http://127.0.0.1:${port}${VIDEO_TUS_PATH}`, cookie, bytes),
    ) as UploadedVideo;
    expect(again.videoId).toBe(videos[0]!.id);
    // And by the multipart call, without an Idempotency-Key.
    expect((await uploadVideo(host, bytes)).videoId).toBe(videos[0]!.id);
    expect(await deps.db.query('select count(*)::int as n from videos')).toEqual([{ n: 1 }]);
    // A different file is a new video.
    expect((await uploadVideo(host, sampleMp4(Buffer.alloc(1000, 1)))).videoId).not.toBe(videos[0]!.id);
  }, 60_000);
});
