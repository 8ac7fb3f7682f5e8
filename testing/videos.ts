import { expect } from 'vitest';
import type { AppDeps } from '../api/app-deps.ts';
import { VIDEO_TUS_PATH, type UploadedVideo } from '../api/contract/videos.schema.ts';
import { videoScanQueue } from '../api/videos/scan-queue.subscription.ts';
import { createVideoScanWorker } from '../api/videos/scan-worker.ts';
import type { VirusScanner } from '../api/videos/virus-scanner.ts';
import { drainSubscription } from './settled-read.ts';
import type { createClient } from './test-app.ts';

type Client = ReturnType<typeof createClient>;

/** A short "MP4": an ftyp box (isom) then `body`, enough for the type check by bytes. */
export function sampleMp4(body: string | Buffer = 'a walk-through of a two-bedroom flat in Osu'): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomavc1', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}

/** A short "MOV": an ftyp box with QuickTime's brand. */
export function sampleMov(body = 'the edited version, trimmed and with music'): Buffer {
  const ftyp = Buffer.alloc(20);
  ftyp.writeUInt32BE(20, 0);
  ftyp.write('ftypqt  ', 4, 'latin1');
  ftyp.write('qt  ', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.from(body)]);
}

/** A multipart form with the fields first, then the files (the order the streamed calls read them in). */
export function videoForm(
  fileField: string,
  files: { bytes: Buffer; name: string; type?: string }[],
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'video/mp4' }), file.name);
  return form;
}

/** POST /api/upload/property-videos, expecting 201; the videos stored. */
export async function uploadVideo(
  client: Client,
  bytes: Buffer,
  { name = 'tour.mp4', propertyId }: { name?: string; propertyId?: string } = {},
): Promise<UploadedVideo> {
  const res = await client.request('/api/upload/property-videos', {
    method: 'POST',
    body: videoForm('videos', [{ bytes, name }], propertyId ? { propertyId } : {}),
  });
  const body = (await res.json()) as { videos: UploadedVideo[] };
  expect(res.status, JSON.stringify(body)).toBe(201);
  expect(body.videos).toHaveLength(1);
  return body.videos[0]!;
}

const TUS = { 'tus-resumable': '1.0.0' };
const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** The tus calls as tus-js-client makes them: create, send from an offset, ask the offset. */
export function tusClient(client: Client) {
  return {
    async create(
      length: number,
      meta: Record<string, string> = { filename: 'tour.mp4', filetype: 'video/mp4' },
      path = VIDEO_TUS_PATH,
    ) {
      return client.request(path, {
        method: 'POST',
        headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(meta) },
      });
    },
    async patch(location: string, offset: number, bytes: Buffer) {
      return client.request(location, {
        method: 'PATCH',
        headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
    },
    async offset(location: string) {
      return client.request(location, { method: 'HEAD', headers: TUS });
    },
    async cancel(location: string) {
      return client.request(location, { method: 'DELETE', headers: TUS });
    },
  };
}

/** What the server's background pipeline does: queue the uploads, then scan and publish until nothing is left. */
export async function runVideoPipeline(deps: AppDeps, scanner: VirusScanner): Promise<void> {
  await drainSubscription(deps.db, videoScanQueue);
  const worker = createVideoScanWorker({ ...deps, scanner });
  for (let step = 0; step < 20; step++) {
    const published = await worker.publishNext();
    const scanned = await worker.scanNext();
    if (!published && scanned === 'idle') return;
    await drainSubscription(deps.db, videoScanQueue);
  }
  throw new Error('the video pipeline did not settle');
}
