import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pwaRoutes } from './serve-pwa.ts';

function builtApp() {
  const dir = mkdtempSync(join(tmpdir(), 'efie-dist-'));
  mkdirSync(join(dir, 'assets'));
  const js = 'console.log("efie");'.repeat(50);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Efie</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
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
