import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, Next } from 'hono';

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

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build's own manifests, not the app's files.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Every file of the build, read once: a static answer costs no disk read, stat or hash per request. */
function readBuild(distDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  if (!existsSync(distDir)) return files;
  for (const path of walk(distDir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = `/${relative(distDir, path).split(sep).join('/')}`;
    const plain = readFileSync(path);
    const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 22);
    files.set(url, {
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      etag: `W/"${hash}"`,
      // Hashed names never change content; every other file is checked with the server on each use.
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
      plain,
      encoded: encodings(path, plain),
    });
  }
  return files;
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
 * The built PWA's files from memory: the smallest precompressed copy the browser accepts, a weak
 * ETag that turns a revalidation (the service worker's update check, a `no-cache` file) into a
 * 304 with no body, and a year's caching for hashed assets. Paths that are not files go to `next`.
 */
export function builtFiles(distDir: string) {
  const files = readBuild(distDir);
  return async (c: Context, next: Next) => {
    const file = c.req.method === 'GET' || c.req.method === 'HEAD' ? files.get(c.req.path) : undefined;
    if (!file) return next();
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
    };
    if (file.encoded.length > 0) headers.vary = 'accept-encoding';
    if (matches(c.req.header('if-none-match'), file.etag)) return c.body(null, 304, headers);
    const acceptEncoding = c.req.header('accept-encoding');
    const encoded = file.encoded.find(({ encoding }) => accepts(acceptEncoding, encoding));
    if (encoded) headers['content-encoding'] = encoded.encoding;
    const bytes = encoded?.bytes ?? file.plain;
    headers['content-length'] = String(bytes.byteLength);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
