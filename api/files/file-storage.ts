import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: local disk under DATA_DIR by default, S3 when
 * configured. Keys are relative paths such as `images/<uuid>-1200.webp`; they
 * are made by the server, never taken from a client's file name.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes or a stream (videos are streamed, never held whole in memory). */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /**
   * The file as a stream, or undefined when there is none. With a range, only
   * those bytes (`end` inclusive, cut to the file's end) for HTTP Range
   * requests; a range starting past the end throws UnsatisfiableRangeError (416).
   */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** Removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Bytes `start` to `end`, both included, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/**
 * `size` is the whole file's length (when storage says it); `range` is set when
 * the body holds only part of it, with the bytes it holds.
 */
export type StoredFile = { body: Readable; contentType: string; size: number | undefined; range?: ByteRange };

export class UnsatisfiableRangeError extends Error {
  constructor(readonly size: number | undefined) {
    super('The requested range starts past the end of the file.');
    this.name = 'UnsatisfiableRangeError';
  }
}

/** Path segments of letters, digits, dot, dash and underscore; no empty, dot-only or absolute parts. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return (
    parts.length >= 1 &&
    parts.length <= 6 &&
    parts.every((p) => SEGMENT.test(p) && !/^\.+$/.test(p) && !p.includes('..'))
  );
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** The public URL the API serves a stored file under. */
export const fileUrl = (key: string) => `/files/${key}`;

/** The storage key behind one of our file URLs, or undefined for anything else. */
export function keyOfUrl(url: string): string | undefined {
  if (!url.startsWith('/files/')) return undefined;
  const key = url.slice('/files/'.length);
  return isSafeKey(key) ? key : undefined;
}

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
};
export const contentTypeOf = (key: string) =>
  TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
