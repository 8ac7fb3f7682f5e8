import type { Context } from 'hono';
import { Readable } from 'node:stream';
import { UnsatisfiableRangeError, type ByteRange, type FileStorage } from '../files/file-storage.ts';
import type { AppEnv } from './app-env.ts';
import { errorBody } from './error-response.ts';
import { requestHeader } from './node-exchange.ts';

/** What to send: a stored file, its size as recorded, the name the person's device saves it under. */
export type DownloadFile = { key: string; fileName: string; contentType: string; size: number };

/**
 * One `bytes=` range of RFC 9110 §14.1.2 against a file of `size` bytes:
 * `a-b`, `a-` or the last `-n` bytes. Undefined when there is no header or
 * it is not a single byte range we read (then the whole file is sent, as
 * the RFC allows); 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  if (end < start) return undefined;
  return { start, end: Math.min(end, size - 1) };
}

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the real name (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a stored file as a download or, with `inline`, for a player: a Range
 * request gets 206 with Content-Range (a player seeks, a dropped download
 * goes on), a range past the end 416, anything else the whole file. Private:
 * never kept by shared caches.
 */
export async function serveDownload(
  c: Context<AppEnv>,
  files: FileStorage,
  file: DownloadFile,
  { inline = false } = {},
) {
  const range = parseRange(requestHeader(c, 'range'), file.size);
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-type': file.contentType,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.fileName),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  const unsatisfiable = () =>
    new Response(
      JSON.stringify(errorBody('The requested range is past the end of the file.', 'range_not_satisfiable')),
      {
        status: 416,
        headers: { 'content-range': `bytes */${file.size}`, 'content-type': 'application/json' },
      },
    );
  if (range === 'unsatisfiable') return unsatisfiable();
  let stored: Awaited<ReturnType<typeof files.get>>;
  try {
    stored = await files.get(file.key, range);
  } catch (error) {
    if (error instanceof UnsatisfiableRangeError) return unsatisfiable();
    throw error;
  }
  if (!stored) return c.json(errorBody('The file is no longer stored.', 'not_found'), 404);
  const body = Readable.toWeb(stored.body) as ReadableStream;
  if (range && stored.range) {
    headers['content-range'] = `bytes ${stored.range.start}-${stored.range.end}/${file.size}`;
    headers['content-length'] = String(stored.range.end - stored.range.start + 1);
    return new Response(body, { status: 206, headers });
  }
  headers['content-length'] = String(stored.size ?? file.size);
  return new Response(body, { status: 200, headers });
}
