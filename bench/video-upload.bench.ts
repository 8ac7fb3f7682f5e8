// npm run bench:video-upload: the server's resident memory (RSS) while a
// 100 MB video is uploaded, by tus (5 MB PATCHes, as the PWA sends) and by the
// spec's multipart call (one streamed request). The real server runs in its
// own process on PGlite and local disk; its RSS is sampled every 50 ms from
// /proc. The bound: under 100 MB above idle. A script, not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_VIDEO_BYTES } from '../events/video/video.policy.ts';
import { VIDEO_TUS_PATH } from '../api/contract/videos.schema.ts';
import { residentBytes, spawnServer, stopServer } from '../testing/spawn-server.ts';

const MB = 1024 * 1024;
const SIZE = MAX_VIDEO_BYTES;
const CHUNK = 5 * MB;
const dataDir = mkdtempSync(join(tmpdir(), 'efie-bench-video-'));

/** The bytes of a 100 MB "MP4", made as they are sent (never held whole here either). */
function videoBytes(from: number, to: number): Uint8Array<ArrayBuffer> {
  const part = new Uint8Array(to - from);
  if (from === 0) {
    const head = Buffer.alloc(24);
    head.writeUInt32BE(24, 0);
    head.write('ftypisomisomavc1', 4, 'latin1');
    head.copy(part, 0, 0, Math.min(24, part.length));
  }
  for (let i = from < 24 ? 24 - from : 0; i < part.length; i++) part[i] = (from + i) % 251;
  return part;
}

function sampler(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentBytes(pid)), 50);
  return {
    stop() {
      clearInterval(timer);
      samples.push(residentBytes(pid));
      return Math.max(...samples);
    },
  };
}

async function main() {
  // The dev outbox hands the bench the e-mail code: only a verified account may upload videos (issue 27).
  const server = await spawnServer(
    { DATA_DIR: dataDir, NODE_ENV: 'development', EFIE_DEV_OUTBOX: '1' },
    { timeoutMs: 120_000 },
  );
  const base = server.base;
  const headers = {};
  try {
    const email = `bench.${Date.now()}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Kofi',
        lastName: 'Bench',
        userType: 'owner',
        password: 'correct-horse-battery',
        registrationMethod: 'email',
        email,
      }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { text: string }[];
    };
    const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
    const verified = await fetch(`${base}/api/auth/verify-email-code`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
    const pid = server.child.pid!;
    // Let start-up settle, then take the idle figure as the median of a few samples.
    await new Promise((r) => setTimeout(r, 2_000));
    const idleSamples = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(residentBytes(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
    const idle = idleSamples.sort((a, b) => a - b)[5]!;

    // tus: create, then PATCHes of 5 MB from each offset.
    let watch = sampler(pid);
    let started = performance.now();
    const created = await fetch(`${base}${VIDEO_TUS_PATH}`, {
      method: 'POST',
      headers: {
        ...headers,
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
    const location = `${base}${created.headers.get('location')}`;
    for (let offset = 0; offset < SIZE; offset += CHUNK) {
      const end = Math.min(SIZE, offset + CHUNK);
      const res = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: videoBytes(offset, end),
      });
      if (res.status !== (end === SIZE ? 200 : 204))
        throw new Error(`tus PATCH at ${offset}: ${res.status} ${await res.text()}`);
    }
    const tusPeak = watch.stop();
    const tusSeconds = (performance.now() - started) / 1000;

    // Multipart: one request, streamed from a generator.
    watch = sampler(pid);
    started = performance.now();
    const boundary = `----efie-bench-${Date.now()}`;
    const body = Readable.from(
      (async function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="videos"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
        );
        for (let offset = 0; offset < SIZE; offset += MB) yield videoBytes(offset, Math.min(SIZE, offset + MB));
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const multipart = await fetch(`${base}/api/upload/property-videos`, {
      method: 'POST',
      headers: { ...headers, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (multipart.status !== 201) throw new Error(`multipart: ${multipart.status} ${await multipart.text()}`);
    const multipartPeak = watch.stop();
    const multipartSeconds = (performance.now() - started) / 1000;

    const row = (name: string, peak: number, seconds: number) =>
      `| ${name} | ${(idle / MB).toFixed(1)} MB | ${(peak / MB).toFixed(1)} MB | ${((peak - idle) / MB).toFixed(1)} MB | ${seconds.toFixed(1)} s |`;
    console.log(`100 MB (${SIZE} bytes) uploaded to the real server (PGlite, local disk), RSS sampled every 50 ms`);
    console.log('| upload | idle RSS | peak RSS | peak above idle | time |');
    console.log('|---|---|---|---|---|');
    console.log(row('tus, 5 MB PATCHes', tusPeak, tusSeconds));
    console.log(row('multipart, one streamed request', multipartPeak, multipartSeconds));
    const worst = Math.max(tusPeak, multipartPeak) - idle;
    if (worst >= 100 * MB) {
      console.error(`over the bound: ${(worst / MB).toFixed(1)} MB above idle`);
      process.exitCode = 1;
    }
  } finally {
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
