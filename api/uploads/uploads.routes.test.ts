import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/accounts.ts';
import { dataUrl, samplePhoto } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { detectImageType } from './image-processing.ts';

const database = useMigratedDatabase();
let dataDir: string;
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function setup() {
  // A data folder of its own, so a test can count the files it stored.
  dataDir = await mkdtemp(join(tmpdir(), 'efie-upload-'));
  dataDirs.push(dataDir);
  const { app, deps } = await createTestApp(database(), { config: { dataDir } });
  const host = createClient(app);
  await registerUser(host, { userType: 'owner' });
  return { app, deps, host, visitor: createClient(app) };
}

const postJson = (client: ReturnType<typeof createClient>, images: string[]) =>
  client.request('/api/upload/property-images', { method: 'POST', json: { images } });

function multipart(files: { bytes: Uint8Array; name: string; type: string }[], field = 'images') {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}

describe('POST /api/upload/property-images', () => {
  it('stores JSON data URLs at 400, 800 and 1200 px as WebP and AVIF, without EXIF, served with long cache headers', async () => {
    const { app, host } = await setup();
    const original = await samplePhoto('jpeg', 1600, 1000);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('SecretCam');
    const res = await postJson(host, [dataUrl(original), dataUrl(await samplePhoto('png', 300, 200), 'image/png')]);
    expect(res.status).toBe(201);
    const { images } = (await res.json()) as { images: string[] };
    expect(images).toHaveLength(2);
    for (const url of images) expect(url).toMatch(/^\/files\/images\/[0-9a-f-]{36}-1200\.webp$/);
    for (const [suffix, type, format, width] of [
      ['-1200.webp', 'image/webp', 'webp', 1200],
      ['-800.webp', 'image/webp', 'webp', 800],
      ['-400.webp', 'image/webp', 'webp', 400],
      ['-1200.avif', 'image/avif', 'heif', 1200],
      ['-800.avif', 'image/avif', 'heif', 800],
      ['-400.avif', 'image/avif', 'heif', 400],
    ] as const) {
      const served = await app.request(images[0]!.replace('-1200.webp', suffix));
      expect(served.status, suffix).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta, suffix).toMatchObject({ format, width });
      expect(meta.exif).toBeUndefined();
    }
    // A small original is never enlarged.
    const tiny = await sharp(Buffer.from(await (await app.request(images[1]!)).arrayBuffer())).metadata();
    expect(tiny.width).toBe(300);
  });

  it('makes the renditions a photo stored before AVIF lacks, once asked for, from its 1200 px WebP', async () => {
    const { app, deps } = await setup();
    const id = '0b6f0c7e-6f3a-4b7e-9d2a-3c1f8e0a9b11';
    const large = await sharp(await samplePhoto('jpeg', 1600, 1000))
      .resize({ width: 1200 })
      .webp()
      .toBuffer();
    await deps.files.put(`images/${id}-1200.webp`, large, 'image/webp');
    expect(await deps.files.get(`images/${id}-800.avif`)).toBeUndefined();
    const [avif, again] = await Promise.all([
      app.request(`/files/images/${id}-800.avif`),
      app.request(`/files/images/${id}-800.avif`),
    ]);
    expect([avif.status, again.status]).toEqual([200, 200]);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ format: 'heif', width: 800 });
    expect(await deps.files.get(`images/${id}-800.avif`)).toBeDefined();
    // Nothing is made for a photo that is not stored, nor under any other name.
    expect((await app.request('/files/images/1b6f0c7e-6f3a-4b7e-9d2a-3c1f8e0a9b11-800.avif')).status).toBe(404);
    expect((await app.request(`/files/images/${id}-600.avif`)).status).toBe(404);
    expect(await deps.files.get(`images/${id}-600.avif`)).toBeUndefined();
  });

  it('takes multipart field "images" (the edit form) and ignores the file names', async () => {
    const { host } = await setup();
    const gif = await samplePhoto('gif', 500, 400);
    const webp = await samplePhoto('webp', 800, 600);
    const res = await host.request('/api/upload/property-images', {
      method: 'POST',
      body: multipart([
        { bytes: gif, name: '../../etc/passwd.gif', type: 'image/gif' },
        { bytes: webp, name: 'photo.webp', type: 'image/webp' },
      ]),
    });
    expect(res.status).toBe(201);
    const { images } = (await res.json()) as { images: string[] };
    expect(images).toHaveLength(2);
    expect(images.join()).not.toContain('passwd');
  });

  it('refuses a disguised file with 415, whatever its name or declared type', async () => {
    const { host } = await setup();
    const script = new TextEncoder().encode('#!/bin/sh\necho pwned\n');
    const json = await postJson(host, [`data:image/jpeg;base64,${Buffer.from(script).toString('base64')}`]);
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({
      error: 'Photos must be JPEG, PNG, GIF or WebP images.',
      code: 'unsupported_image_type',
    });
    const form = await host.request('/api/upload/property-images', {
      method: 'POST',
      body: multipart([{ bytes: script, name: 'cat.jpg', type: 'image/jpeg' }]),
    });
    expect(form.status).toBe(415);
    const truncated = (await samplePhoto('jpeg')).subarray(0, 200);
    expect((await postJson(host, [dataUrl(Buffer.from(truncated))])).status).toBe(415);
  });

  it('refuses a photo over 5 MB with 413 and stores none of the batch', async () => {
    const { host } = await setup();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await postJson(host, [dataUrl(await samplePhoto()), dataUrl(big)]);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Each photo must be at most 5 MB.', code: 'image_too_large' });
    const form = await host.request('/api/upload/property-images', {
      method: 'POST',
      body: multipart([{ bytes: big, name: 'a.jpg', type: 'image/jpeg' }]),
    });
    expect(form.status).toBe(413);
  });

  it('refuses more than 25 photos, no photos, bad data URLs, other content types and signed-out callers', async () => {
    const { host, visitor } = await setup();
    const tiny = dataUrl(await samplePhoto('png', 10, 10), 'image/png');
    expect(
      (
        await postJson(
          host,
          Array.from({ length: 26 }, () => tiny),
        )
      ).status,
    ).toBe(400);
    expect((await postJson(host, [])).status).toBe(400);
    const notData = await postJson(host, ['https://example.com/a.jpg']);
    expect(notData.status).toBe(400);
    expect(await notData.json()).toMatchObject({ error: 'Each image must be a base64 data URL' });
    const text = await host.request('/api/upload/property-images', {
      method: 'POST',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(
      (await host.request('/api/upload/property-images', { method: 'POST', body: multipart([], 'other') })).status,
    ).toBe(400);
    expect((await postJson(visitor, [tiny])).status).toBe(401);
  });

  it('reads the JSON as it streams: escapes, other keys and any spacing are JSON’s, and bad JSON is a 400 that stores nothing', async () => {
    const { host } = await setup();
    const url = dataUrl(await samplePhoto('png', 30, 20), 'image/png');
    const raw = (text: string) =>
      host.request('/api/upload/property-images', {
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/json' },
      });
    // "\/" as some encoders write "/", keys before and after, nested values, non-ASCII text.
    const escaped = `{ "note": {"a": [1, -2.5e3, true, null, "Ɔdɔ \\" ok"]},\n "images" : [ ${JSON.stringify(url).replaceAll('/', '\\/')} ], "z": false }`;
    const ok = await raw(escaped);
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(((await ok.json()) as { images: string[] }).images).toHaveLength(1);
    const refusals: [string, number, unknown][] = [
      [`{"images": [${JSON.stringify(url)}]`, 400, { error: 'Malformed JSON in request body', code: 'bad_request' }],
      [`{"images": [${JSON.stringify(url)}]} x`, 400, { error: 'Malformed JSON in request body', code: 'bad_request' }],
      [`{"images": [${JSON.stringify(url)},]}`, 400, { error: 'Malformed JSON in request body', code: 'bad_request' }],
      [
        '[1, 2]',
        400,
        {
          error: 'The body must be a JSON object',
          code: 'invalid_input',
          issues: [{ path: '', message: 'The body must be a JSON object' }],
        },
      ],
      [
        '{"images": "data:image/png;base64,AAAA"}',
        400,
        {
          error: 'images must be a list of data URLs',
          code: 'invalid_input',
          issues: [{ path: 'images', message: 'images must be a list of data URLs' }],
        },
      ],
      [
        '{"other": 1}',
        400,
        {
          error: 'images must be a list of data URLs',
          code: 'invalid_input',
          issues: [{ path: 'images', message: 'images must be a list of data URLs' }],
        },
      ],
      [
        `{"images": [${JSON.stringify(url)}, 7]}`,
        400,
        {
          error: 'Each image must be a data URL',
          code: 'invalid_input',
          issues: [{ path: 'images.1', message: 'Each image must be a data URL' }],
        },
      ],
      [
        `{"x": ${'['.repeat(100)}${']'.repeat(100)}, "images": []}`,
        400,
        { error: 'Malformed JSON in request body', code: 'bad_request' },
      ],
    ];
    for (const [body, status, answer] of refusals) {
      const res = await raw(body);
      expect(res.status, body.slice(0, 60)).toBe(status);
      expect(await res.json(), body.slice(0, 60)).toEqual(answer);
    }
    // The one stored photo (six renditions) is all there is; nothing is left waiting in the staging folder.
    expect(await readdir(join(dataDir, 'files', 'images'))).toHaveLength(6);
    expect(await readdir(join(dataDir, 'photo-uploads'))).toEqual([]);
  });

  it('leaves nothing stored when a later photo of the upload is refused, JSON or multipart', async () => {
    const { host } = await setup();
    const good = await samplePhoto('jpeg', 200, 100);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const script = Buffer.from('#!/bin/sh\necho pwned\n');
    expect((await postJson(host, [dataUrl(good), dataUrl(good), dataUrl(big)])).status).toBe(413);
    expect((await postJson(host, [dataUrl(good), dataUrl(script)])).status).toBe(415);
    const form = await host.request('/api/upload/property-images', {
      method: 'POST',
      body: multipart([
        { bytes: good, name: 'a.jpg', type: 'image/jpeg' },
        { bytes: big, name: 'b.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(form.status).toBe(413);
    expect(await readdir(join(dataDir, 'files', 'images')).catch(() => [])).toEqual([]);
    expect(await readdir(join(dataDir, 'photo-uploads'))).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and stores nothing more', async () => {
    const { host } = await setup();
    const body = { images: [dataUrl(await samplePhoto('png', 40, 40), 'image/png')] };
    const send = () =>
      host.request('/api/upload/property-images', {
        method: 'POST',
        json: body,
        headers: { 'idempotency-key': 'photos-1' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await readdir(join(dataDir, 'files', 'images'))).toHaveLength(6);
  });

  it('recognises image types by their magic numbers', () => {
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectImageType(new TextEncoder().encode('GIF89a...'))).toBe('gif');
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectImageType(new Uint8Array([]))).toBeUndefined();
  });
});

describe('GET /files', () => {
  it('answers 404 for unknown files, path tricks and private folders', async () => {
    const { app } = await setup();
    for (const path of [
      '/files/images/nope-1200.webp',
      '/files/images/..%2F..%2Fetc%2Fpasswd',
      '/files/%E0%A4%A',
      '/files/videos/x.mp4',
      '/files/',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});
