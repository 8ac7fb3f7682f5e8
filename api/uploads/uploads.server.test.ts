import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_LISTING } from '../contract/properties.schema.ts';
import { residentBytes, spawnServer, stopServer, type SpawnedServer } from '../../testing/spawn-server.ts';

// Photo uploads on the server as `npm start` runs it, over real HTTP (issue 27): the bodies
// are read as they stream, so ten uploads of the largest size at once barely move its memory.

const MB = 1024 * 1024;
let server: SpawnedServer;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'efie-photo-memory-'));
  server = await spawnServer({ DATA_DIR: dataDir });
  const res = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Kofi',
      lastName: 'Photos',
      userType: 'owner',
      password: 'correct-horse-battery',
      registrationMethod: 'email',
      email: `photos.${Date.now()}@example.com`,
    }),
  });
  expect(res.status).toBe(201);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 120_000);
afterAll(async () => {
  if (server) await stopServer(server.child);
});

/**
 * A real JPEG of exactly 5 MB: a small picture after comment segments (each at most 64 KB)
 * that fill it to the limit. Every byte is sent and counted; decoding it is quick.
 */
async function fiveMegabyteJpeg(): Promise<Buffer> {
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const segments: Buffer[] = [];
  let left = MAX_IMAGE_BYTES - picture.length;
  while (left > 0) {
    const size = Math.min(left, 65_535 + 2);
    const payload = Math.max(0, size - 4);
    const segment = Buffer.alloc(payload + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(payload + 2, 2);
    segments.push(segment.subarray(0, Math.min(segment.length, left)));
    left -= Math.min(segment.length, left);
  }
  const jpeg = Buffer.concat([picture.subarray(0, 2), ...segments, picture.subarray(2)]);
  expect(jpeg.length).toBe(MAX_IMAGE_BYTES);
  return jpeg;
}

/** Sends `parts` as one request body with its length declared, writing with backpressure; the status and answer. */
function send(
  path: string,
  headers: Record<string, string>,
  parts: () => Iterable<Buffer>,
  length: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.base}${path}`, {
      method: 'POST',
      headers: { ...headers, cookie, 'content-length': String(length) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    void (async () => {
      for (const part of parts()) if (!req.write(part)) await new Promise((r) => req.once('drain', r));
      req.end();
    })();
  });
}

/** The largest JSON upload: 25 data URLs of 5 MB photos (about 175 MB of base64). */
function jsonUpload(photo: Buffer, key: string) {
  const dataUrl = Buffer.from(`"data:image/jpeg;base64,${photo.toString('base64')}"`);
  const parts = function* () {
    yield Buffer.from('{"images":[');
    for (let i = 0; i < MAX_IMAGES_PER_LISTING; i++) {
      if (i > 0) yield Buffer.from(',');
      yield dataUrl;
    }
    yield Buffer.from(']}');
  };
  const length = [...parts()].reduce((n, p) => n + p.length, 0);
  return send(
    '/api/upload/property-images',
    { 'content-type': 'application/json', 'idempotency-key': key },
    parts,
    length,
  );
}

/** The largest multipart upload: 25 photos of 5 MB in field "images" (125 MB). */
function multipartUpload(photo: Buffer, key: string) {
  const boundary = `----efie${key}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const parts = function* () {
    for (let i = 0; i < MAX_IMAGES_PER_LISTING; i++) {
      yield head;
      yield photo;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  };
  const length = [...parts()].reduce((n, p) => n + p.length, 0);
  return send(
    '/api/upload/property-images',
    { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
    parts,
    length,
  );
}

describe('photo uploads on the real server', () => {
  it('take ten uploads of the largest size at once (JSON and multipart) with the memory within 100 MB of idle', async () => {
    const photo = await fiveMegabyteJpeg();
    const pid = server.child.pid!;
    // Warm up the photo path once (sharp's first decode, the routes' first use), then measure idle.
    const small = Buffer.from(
      JSON.stringify({
        images: [
          `data:image/jpeg;base64,${(
            await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
              .jpeg()
              .toBuffer()
          ).toString('base64')}`,
        ],
      }),
    );
    expect(
      (await send('/api/upload/property-images', { 'content-type': 'application/json' }, () => [small], small.length))
        .status,
    ).toBe(201);
    const idleSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(residentBytes(pid));
      await new Promise((r) => setTimeout(r, 50));
    }
    const idle = idleSamples.sort((a, b) => a - b)[5]!;
    let peak = idle;
    const sampling = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10);
    let answers: { status: number; body: string }[];
    try {
      answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0 ? jsonUpload(photo, `json-${i}`) : multipartUpload(photo, `form-${i}`),
        ),
      );
    } finally {
      clearInterval(sampling);
    }
    expect(
      answers.map((a) => a.status),
      answers.map((a) => a.body.slice(0, 200)).join('\n'),
    ).toEqual(Array(10).fill(201));
    for (const answer of answers)
      expect((JSON.parse(answer.body) as { images: string[] }).images).toHaveLength(MAX_IMAGES_PER_LISTING);
    // Six renditions (three widths, AVIF and WebP) of each of 251 photos.
    expect((await readdir(join(dataDir, 'files', 'images'))).length).toBe(6 * (10 * MAX_IMAGES_PER_LISTING + 1));
    expect(peak - idle, `idle ${Math.round(idle / MB)} MB, peak ${Math.round(peak / MB)} MB`).toBeLessThan(100 * MB);
  }, 300_000);
});
