import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';
import { BUILT_ASSETS } from '../static/built-files.ts';
import { answerHeaderUnlessSet } from './node-exchange.ts';

/**
 * The PWA's Content-Security-Policy. The built index.html has no inline script (checked by
 * api/http/security-headers.test.ts), so scripts come from our own files only. Images: our
 * own (/files serves stored photos on disk and on S3 alike, so the bucket is never asked
 * directly), data: for the placeholder drawn when a photo fails, blob: for the previews of an
 * offline draft's photos. Inline <style> elements are allowed (style-src-elem): Radix's
 * dialogs lock the page's scroll with one whose text depends on the scrollbar's width, and the
 * service worker serves one cached index.html to every visit, so no per-answer nonce reaches it;
 * style attributes in markup stay refused. docs/decisions/130.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Nothing the app uses: the photo picker is an <input type=file>, whose camera needs no permission. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

export const PRIVATE = 'private, no-store';

/**
 * Reads anyone may make, whose answer to a visitor holds nothing personal: left to the
 * route's own caching. Signed in, the same answers carry owners' e-mail and phone: private.
 */
const PUBLIC_READS = [
  /^\/api\/health$/,
  /^\/api\/properties\/(search|featured)$/,
  /^\/api\/properties\/[^/]+$/,
  /^\/api\/properties\/[^/]+\/videos(\/[^/]+)?$/,
];

const isPublicRead = (method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && PUBLIC_READS.some((re) => re.test(path));

/**
 * The policy of every answer under /api: JSON, a stored video, a redirect, never a page of the
 * app. Nothing in it may run or load anything, or be framed; a browser that opens one as a document
 * (a link to a JSON error, say) shows it inert. The app's own policy (scripts, styles, pictures,
 * the permissions it refuses, the opener) means nothing on them, and its 540 bytes more went with every
 * search, beacon and sign-in on a phone's costly data (issue 32).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What a browser may open as a page or run as a worker: the answers a document's policy binds. */
const DOCUMENT_TYPES =
  /^(text\/html|image\/svg\+xml|application\/xml|text\/xml|text\/javascript|application\/javascript)\b/i;

/**
 * The app's own files that are never a page: the build's hashed scripts and styles, and its
 * manifest, icons, stylesheets and texts. A policy for documents (CSP, framing, permissions, the
 * opener, the referrer) means nothing on them: its kilobyte of headers was a third of what the
 * service worker's install cost a first visit (issue 31), and most of what the manifest's
 * answer cost to send (issue 32). nosniff keeps each from being anything but the type it says.
 * A page, an SVG or XML (which can run script when opened), a worker's script (/sw.js, whose own
 * policy binds the worker) and a stored photo (/files: not ours, so the whole policy stays)
 * keep every header.
 */
function isOwnSubresource(path: string, contentType: string | null): boolean {
  if (path.startsWith(BUILT_ASSETS)) return true;
  if (path.startsWith('/files/') || contentType === null) return false;
  return !DOCUMENT_TYPES.test(contentType);
}

/**
 * Security headers on every answer (HTML, JSON, files, errors): the app's policy on its pages
 * and files, the API's under /api, HSTS and nosniff on both. `Cache-Control: private, no-store`
 * on every API answer that can carry personal data: everything under /api but the public reads
 * to a visitor. Outside /api (the PWA's files, stored photos) the routes' own caching stands.
 */
export function securityHeaders({ publicOrigin }: { publicOrigin: string }) {
  const https = publicOrigin.startsWith('https:');
  const headers: [string, string][] = [
    [
      'Content-Security-Policy',
      https ? `${CONTENT_SECURITY_POLICY}; upgrade-insecure-requests` : CONTENT_SECURITY_POLICY,
    ],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    // For browsers older than frame-ancestors.
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  // A year, this host only: includeSubDomains would bind every other site of the operator's domain.
  const hsts: [string, string][] = https ? [['Strict-Transport-Security', 'max-age=31536000']] : [];
  headers.push(...hsts);
  const apiHeaders: [string, string][] = [
    ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
    // For browsers older than frame-ancestors.
    ['X-Frame-Options', 'DENY'],
    ...hsts,
  ];

  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const path = c.req.path;
    const api = path.startsWith('/api/');
    const personal = api && (!isPublicRead(c.req.method, path) || Boolean(c.get('user')));
    const subresource = !api && c.res.status !== 404 && isOwnSubresource(path, c.res.headers.get('content-type'));
    // Every answer, subresource or not.
    answerHeaderUnlessSet(c, 'X-Content-Type-Options', 'nosniff');
    for (const [name, value] of api ? apiHeaders : subresource ? hsts : headers) answerHeaderUnlessSet(c, name, value);
    // A route's own Cache-Control stands: under /api, each says no-store (a download, a redirect).
    if (personal) answerHeaderUnlessSet(c, 'Cache-Control', PRIVATE);
  });
}
