import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp, FROM_LOOPBACK } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { API_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './security-headers.ts';

const database = useMigratedDatabase();

/** A built PWA's shape: index.html and one hashed asset. */
function pwaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'efie-pwa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Efie</title><script type="module" src="/assets/index-abc.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Efie"}');
  writeFileSync(join(dir, 'icon-192.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

async function testApp(config: Parameters<typeof createTestApp>[1] = {}) {
  const { deps } = await createTestApp(database(), config);
  return { app: createApp({ ...deps, pwaDir: pwaDir() }), deps };
}

/** The API's: nothing may run, load or frame; none of the app's document policy. */
function expectApiSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get('content-security-policy'), what).toBe(API_CONTENT_SECURITY_POLICY);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  for (const name of [
    'referrer-policy',
    'permissions-policy',
    'cross-origin-opener-policy',
    'strict-transport-security',
  ])
    expect(res.headers.get(name), `${what}: ${name}`).toBeNull();
}

/** A file that is never a page: nosniff, and none of a document's policy. */
function expectSubresourceHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  for (const name of [
    'content-security-policy',
    'permissions-policy',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
  ])
    expect(res.headers.get(name), `${what}: ${name}`).toBeNull();
}

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get('content-security-policy'), what).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('strict-transport-security'), what).toBeNull();
}

describe('security headers', () => {
  it("on the build's hashed scripts are only nosniff: a document's policy means nothing on a script", async () => {
    const { app } = await testApp();
    const res = await app.request('/assets/index-abc.js');
    expect(res.status).toBe(200);
    expectSubresourceHeaders(res, 'a hashed script');
    // A missing chunk's 404 and the service worker (a script whose own CSP binds it) keep them all.
    expectSecurityHeaders(await app.request('/assets/gone-old.js'), 'a missing chunk');
  });

  it("on the app's other files that are never a page (manifest, icons, texts) are only nosniff; pages, SVG and the worker keep them all", async () => {
    const { app } = await testApp();
    for (const path of ['/manifest.webmanifest', '/icon-192.png', '/robots.txt']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expectSubresourceHeaders(res, path);
    }
    // An SVG runs script when opened as a page; the worker's own policy binds the worker.
    for (const path of ['/icon.svg', '/sw.js', '/index.html', '/a-missing-file.png']) {
      const res = await app.request(path);
      expectSecurityHeaders(res, `${path} (${res.status})`);
    }
  });

  it("go with every answer: the app's policy on the app, its files and stored photos, the API's on JSON, errors, refusals and redirects", async () => {
    const { app, deps } = await testApp();
    await deps.files.put('images/photo-1200.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    const answers: [string, Response][] = [
      ['the app', await app.request('/')],
      ['a screen', await app.request('/login')],
      ['a stored photo', await app.request('/files/images/photo-1200.webp')],
      ['health', await app.request('/api/health')],
      ['search', await app.request('/api/properties/search')],
      ['401', await app.request('/api/auth/user')],
      ['404', await app.request('/api/no-such-route')],
      [
        '400',
        await app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email":',
        }),
      ],
      ['403', await app.request('/api/auth/logout', { method: 'POST', headers: { origin: 'https://evil.example' } })],
      ['redirect', await app.request('/api/login')],
    ];
    for (const [what, res] of answers.slice(0, 3)) expectSecurityHeaders(res, `${what} (${res.status})`);
    for (const [what, res] of answers.slice(3)) expectApiSecurityHeaders(res, `${what} (${res.status})`);
    expect(answers.map(([, res]) => res.status)).toEqual([200, 200, 200, 200, 200, 401, 404, 400, 403, 302]);
    expect(API_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; frame-ancestors 'none'$/);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
  });

  it('add HSTS and upgrade-insecure-requests when PUBLIC_ORIGIN is https', async () => {
    const { app } = await testApp({
      config: { ...loadConfig({ PUBLIC_ORIGIN: 'https://efie.example' }), trustProxy: { hops: 1 } },
    });
    for (const path of ['/', '/api/health', '/manifest.webmanifest']) {
      const res = await app.request(path);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
    expect((await app.request('/')).headers.get('content-security-policy')).toBe(
      `${CONTENT_SECURITY_POLICY}; upgrade-insecure-requests`,
    );
    // Nothing under /api loads anything, so there is nothing to upgrade.
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
  });
});

describe('Cache-Control', () => {
  it('is private, no-store on every answer that carries personal data', async () => {
    const { app, deps } = await testApp();
    const owner = createClient(app);
    const { email } = await registerUser(owner, { userType: 'owner' });
    const listing = await createListing(owner);
    const admin = createClient(app);
    await createAdmin(deps, admin);
    await approveListing(admin, listing.id);
    const login = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'wrong-password-1' },
    });
    const personal: [string, Response][] = [
      ['the signed-in user', await owner.request('/api/auth/user')],
      ['not signed in', await app.request('/api/auth/user')],
      ['a failed sign-in', login],
      ["the owner's listings", await owner.request('/api/user/properties')],
      ['favourites', await owner.request('/api/favorites')],
      ['the admin list', await admin.request('/api/admin/properties')],
      [
        'the dev outbox',
        await app.request(`/api/dev/outbox?to=${encodeURIComponent(email!)}`, undefined, FROM_LOOPBACK),
      ],
      // Signed in, listings show the owner's e-mail and phone.
      ['search, signed in', await owner.request('/api/properties/search')],
      ['a listing, signed in', await owner.request(`/api/properties/${listing.id}`)],
      [
        'a listing edit',
        await owner.request(`/api/properties/${listing.id}`, { method: 'PUT', json: { title: 'A new title for it' } }),
      ],
    ];
    for (const [what, res] of personal)
      expect(res.headers.get('cache-control'), `${what} (${res.status})`).toBe('private, no-store');
  });

  it('is left to the route on public answers to a visitor: search, featured, a listing, health, the app and photos', async () => {
    const { app, deps } = await testApp();
    const owner = createClient(app);
    await registerUser(owner, { userType: 'owner' });
    const listing = await createListing(owner);
    const admin = createClient(app);
    await createAdmin(deps, admin);
    await approveListing(admin, listing.id);
    await deps.files.put('images/photo-1200.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    const visitor = createClient(app);
    for (const path of [
      '/api/properties/search?location=Accra',
      '/api/properties/featured',
      `/api/properties/${listing.id}`,
      '/api/health',
    ]) {
      const res = await visitor.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBeNull();
    }
    expect((await app.request('/assets/index-abc.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.request('/files/images/photo-1200.webp')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.request('/')).headers.get('cache-control')).toBe('no-cache');
  });
});
