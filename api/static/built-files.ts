import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, Next } from 'hono';
import { requestHeader } from '../http/node-exchange.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where the build's hashed scripts, styles and fonts are served: their names change with their content. */
export const BUILT_ASSETS = '/assets/';
/** The build's precompressed copies, best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

type BuiltFile = {
  type: string;
  /** Weak: the same for every encoding of the file, as it is the same content. */
  etag: string;
  cacheControl: string;
  plain: Uint8Array;
  encoded: { encoding: string; bytes: Uint8Array }[];
};

/** The build's .br and .gz copies of a file; for a text file the build left without (public/ files), made here once. */
function encodings(path: string, plain: Buffer): BuiltFile['encoded'] {
  const copies = ENCODINGS.filter(([, suffix]) => existsSync(path + suffix)).map(([encoding, suffix]) => ({
    encoding,
    bytes: readFileSync(path + suffix) as Uint8Array,
  }));
  if (copies.length > 0 || !/\.(js|css|html|json|webmanifest|svg|txt|xml)$/.test(path) || plain.length < 512)
    return copies;
  return [
    { encoding: 'br', bytes: brotliCompressSync(plain) },
    { encoding: 'gzip', bytes: gzipSync(plain, { level: 9 }) },
  ];
}

/** A built file as read from disk, its copies and tag; `stamp` says which version of it that was. */
function readFile(url: string, path: string, stamp: string): BuiltFile & { stamp: string } {
  const plain = readFileSync(path);
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 22);
  return {
    stamp,
    type: TYPES[extname(path)] ?? 'application/octet-stream',
    etag: `W/"${hash}"`,
    // Hashed names never change content; every other file is checked with the server on each use.
    cacheControl: url.startsWith(BUILT_ASSETS) ? IMMUTABLE : 'no-cache',
    plain,
    encoded: encodings(path, plain),
  };
}

/** The file under `distDir` a path names, or undefined: no folder, nothing hidden (.vite/), nothing outside. */
function fileOf(distDir: string, url: string): string | undefined {
  if (url.split('/').some((part) => part.startsWith('.')) || url.endsWith('/')) return undefined;
  const path = resolve(distDir, `.${url}`);
  return path.startsWith(distDir + sep) ? path : undefined;
}

/** Whether Accept-Encoding takes `encoding` (named, with a q above 0). */
function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return name === encoding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  (ifNoneMatch.trim() === '*' ||
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')));

/**
 * How long a file served from memory is served without looking at the disk again: a build deployed
 * over the folder while the server runs (as on a static host) is served within this of its copy.
 * A look on every request (a stat) was 6% of a static file's CPU (issue 32).
 */
export const RECHECK_MS = 1_000;

/**
 * The built PWA's files from memory: the smallest precompressed copy the browser accepts, a weak
 * ETag that turns a revalidation (the service worker's update check, a `no-cache` file) into a
 * 304 with no body, and a year's caching for hashed assets. Paths that are not files go to `next`.
 */
export function builtFiles(dir: string, now: () => number = Date.now) {
  const distDir = resolve(dir);
  const files = new Map<string, BuiltFile & { stamp: string; checkedAt: number }>();
  return async (c: Context, next: Next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = fileOf(distDir, c.req.path);
    if (!path || path.endsWith('.br') || path.endsWith('.gz')) return next();
    let file = files.get(path);
    const at = now();
    if (file === undefined || at - file.checkedAt >= RECHECK_MS) {
      // The read, the copies and the hash are done once a version.
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat?.isFile()) {
        files.delete(path);
        return next();
      }
      const stamp = `${stat.size}:${stat.mtimeMs}`;
      file = { ...(file?.stamp === stamp ? file : readFile(c.req.path, path, stamp)), checkedAt: at };
      files.set(path, file);
    }
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
    };
    if (file.encoded.length > 0) headers.vary = 'accept-encoding';
    if (matches(requestHeader(c, 'if-none-match'), file.etag)) return c.body(null, 304, headers);
    const acceptEncoding = requestHeader(c, 'accept-encoding');
    const encoded = file.encoded.find(({ encoding }) => accepts(acceptEncoding, encoding));
    if (encoded) headers['content-encoding'] = encoded.encoding;
    const bytes = encoded?.bytes ?? file.plain;
    headers['content-length'] = String(bytes.byteLength);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
