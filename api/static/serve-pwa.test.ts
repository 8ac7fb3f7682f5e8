import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RenderedPage } from '../contract/first-paint.ts';
import type { PageHead } from './page-head.ts';
import { RECHECK_MS } from './built-files.ts';
import { pwaRoutes } from './serve-pwa.ts';

function builtApp() {
  const dir = mkdtempSync(join(tmpdir(), 'efie-dist-'));
  mkdirSync(join(dir, 'assets'));
  const js = 'console.log("efie");'.repeat(50);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Efie</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n'.repeat(40));
  return pwaRoutes(dir);
}

describe('serving the built PWA', () => {
  it('caches hashed assets for a year as immutable and sends the precompressed copy the browser accepts', async () => {
    const res = await builtApp().request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    const plain = await builtApp().request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('console.log("efie")');
  });

  it('answers a revalidation of an unchanged file (the service worker update check) with a 304 and no body', async () => {
    const app = builtApp();
    const first = await app.request('/sw.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // A text file the build left uncompressed is compressed once, when the server starts.
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    const again = await app.request('/sw.js', { headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The same content under another encoding is the same weak tag; another file's tag is not.
    const gzip = await app.request('/sw.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).toBe(etag);
    const changed = await app.request('/sw.js', { headers: { 'if-none-match': 'W/"another-version-of-it-x"' } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('self.addEventListener');
    const asset = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(asset.headers.get('content-encoding')).toBeNull();
    expect(asset.headers.get('etag')).not.toBe(etag);
    const head = await app.request('/assets/app-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(await head.text()).toBe('');
  });

  it('serves a file as it is now when a new build is copied over the folder, and nothing hidden or outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'efie-dist-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Efie</title>');
    writeFileSync(join(dir, 'sw.js'), 'const build = "one";');
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{"secret":true}');
    let clock = 1_000_000;
    const app = pwaRoutes(dir, { now: () => clock });
    const before = await app.request('/sw.js');
    expect(await before.text()).toBe('const build = "one";');
    writeFileSync(join(dir, 'sw.js'), 'const build = "two, longer";');
    // Served from memory for a moment, then as it now is.
    clock += RECHECK_MS - 1;
    expect(await (await app.request('/sw.js')).text()).toBe('const build = "one";');
    clock += 1;
    const after = await app.request('/sw.js', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('const build = "two, longer";');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    for (const path of ['/.vite/manifest.json', '/%2e%2e/etc/passwd', '/assets/../../etc/passwd']) {
      // No file: the path is a page like any other, answered with the app's HTML.
      const text = await (await app.request(path)).text();
      expect(text, path).not.toContain('secret');
      expect(text, path).toContain('<title>Efie</title>');
    }
  });

  it('answers any other path with index.html, revalidated on every visit', async () => {
    for (const path of ['/', '/search', '/property/123', '/no/such/page']) {
      const res = await builtApp().request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Efie</title>');
    }
    expect((await builtApp().request('/manifest.webmanifest')).headers.get('cache-control')).toBe('no-cache');
    expect((await builtApp().request('/assets/old-build-chunk.js')).status).toBe(404);
  });
});

describe("serving a page the server drew (issue 31's first paint)", () => {
  const shell =
    '<!doctype html><html><head><title>Efie</title><script type="module" crossorigin src="/assets/app.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js"></head><body><div id="root"></div></body></html>';
  function drawnApp(drawn: RenderedPage | null, head?: PageHead) {
    const dir = mkdtempSync(join(tmpdir(), 'efie-dist-'));
    writeFileSync(join(dir, 'index.html'), shell);
    return pwaRoutes(dir, { firstPaint: async () => drawn, pageHead: async () => head });
  }

  it("puts the drawn HTML in #root, React's hoisted tags in the head and the answers in a data block", async () => {
    const res = await drawnApp({
      status: 200,
      head: '<link rel="preload" as="image" href="/files/a-400.webp"/>',
      html: '<main><h1>Flat in Osu</h1></main>',
      state: { queries: [{ queryKey: ['x'], note: '</script><script>alert(1)</script>' }] },
    }).request('/search?location=Osu');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="preload" as="image" href="/files/a-400.webp"/><script type="module"');
    expect(html).toContain(
      '<div id="root"><main><h1>Flat in Osu</h1></main></div><script type="application/json" id="efie-first-paint">',
    );
    // The data block cannot be closed by what it carries.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e');
    // The drawn page's content comes first; the app's scripts after its load event.
    expect(html).toContain('<script type="module" src="/after-load.js" data-app="/assets/app.js"></script>');
    expect(html).not.toContain('modulepreload');
  });

  it('answers 404 with noindex for a path no route matches, and for a page whose data does not exist', async () => {
    const unknown = await drawnApp({
      status: 404,
      html: '<h1>404 Page Not Found</h1>',
      state: { queries: [] },
    }).request('/nope');
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('404 Page Not Found');
  });

  it('serves the plain shell when there is nothing drawn (a signed-in caller, no renderer), and at /index.html always', async () => {
    const signedIn = await drawnApp({ status: 200 }).request('/search');
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toBe(shell);
    const none = await drawnApp(null).request('/');
    expect(await none.text()).toBe(shell);
    const cached = await drawnApp({ status: 200, html: '<h1>drawn</h1>', state: { queries: [] } }).request(
      '/index.html',
    );
    expect(await cached.text()).toBe(shell);
  });

  it('writes a title with $& in it as text', async () => {
    const res = await drawnApp(null, {
      status: 200,
      title: 'Flat $& more $1',
      tags: '<meta name="x" content="$&" />',
    }).request('/property/1');
    const html = await res.text();
    expect(html).toContain('<title>Flat $&amp; more $1</title>');
    expect(html).toContain('<meta name="x" content="$&" />');
  });
});
