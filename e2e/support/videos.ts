import type { Page, Route } from '@playwright/test';
import { randomBytes } from 'node:crypto';

// Fixtures for the property-video journey (issue 12): video files, and what the host's
// resumable upload (tus) sends and shows.

/** The host uploader's tus chunk (`chunkSize` in pwa/features/videos/video-upload-store.ts). */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;

/**
 * An MP4 as far as the PWA's and the server's checks go (the ftyp box phones write), then
 * noise: enough bytes for several tus PATCHes, and nothing a player could decode.
 */
export function fakeMp4(size: number): Buffer {
  const ftyp = Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomavc1', 'latin1');
  return Buffer.concat([ftyp, randomBytes(size - ftyp.length)]);
}

/**
 * A real, playable MP4 of under a second (H.264 in an isom file, about 10 KB), recorded by
 * the browser from a canvas: the machine has no ffmpeg, and the listing's player must play
 * what the admin publishes. `page` is a blank page of its own.
 */
export async function recordMp4(page: Page): Promise<Buffer> {
  await page.setContent('<canvas width="160" height="120"></canvas>');
  const bytes = await page.evaluate(async () => {
    const canvas = document.querySelector('canvas')!;
    const paint = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/mp4;codecs=avc1' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (event) => parts.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 45; frame++) {
      paint.fillStyle = `hsl(${frame * 8} 70% 45%)`;
      paint.fillRect(0, 0, 160, 120);
      paint.fillStyle = '#fff';
      paint.fillRect(frame * 3, 50, 20, 20);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(parts).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

export type TusCall = { method: string; path: string; offset: number | undefined };

/** Every tus request the page sends (POST creates, HEAD asks the offset, PATCH sends from `Upload-Offset`). */
export function watchTus(page: Page): TusCall[] {
  const calls: TusCall[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/uploads/videos')) return;
    const offset = request.headers()['upload-offset'];
    calls.push({ method: request.method(), path, offset: offset === undefined ? undefined : Number(offset) });
  });
  return calls;
}

/**
 * Holds the `nth` PATCH of the page's tus uploads (route it with `route`): resolves with the
 * held route once it arrives. Every other request goes on untouched.
 */
export async function holdPatch(page: Page, nth: number): Promise<() => Promise<Route>> {
  let patches = 0;
  let arrived: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (arrived = resolve));
  await page.route('**/api/uploads/videos/*', (route) => {
    if (route.request().method() !== 'PATCH' || ++patches !== nth) return route.fallback();
    arrived(route);
  });
  return () => held;
}

/** Records every value the progress bar named `label` shows (aria-valuenow), from the page's first render. */
export async function traceProgress(page: Page, label: string): Promise<() => Promise<number[]>> {
  await page.addInitScript((label) => {
    const seen: number[] = [];
    Object.assign(window, { __progressTrace: seen });
    new MutationObserver(() => {
      const bar = [...document.querySelectorAll('[role="progressbar"]')].find(
        (element) => element.getAttribute('aria-label') === label,
      );
      const value = bar ? Number(bar.getAttribute('aria-valuenow')) : undefined;
      if (value !== undefined && seen.at(-1) !== value) seen.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  }, label);
  return () => page.evaluate(() => (window as unknown as { __progressTrace: number[] }).__progressTrace.slice());
}
