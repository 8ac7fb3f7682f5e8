import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/accounts.ts';
import { seedListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createApp } from '../app.ts';
import { sitemapRoutes } from './sitemap.routes.ts';

const database = useMigratedDatabase();
const ORIGIN = 'https://efie.example';

async function setup({ perFile }: { perFile?: number } = {}) {
  const { app, deps } = await createTestApp(database(), { config: { publicOrigin: ORIGIN } });
  const { user } = await registerUser(createClient(app), { firstName: 'Akua', userType: 'owner' });
  // The app as mounted, or the sitemap's routes alone with few listings to a file.
  const served = perFile === undefined ? app : sitemapRoutes(deps, { perFile });
  const get = async (path: string) => {
    const res = await served.request(path);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };
  return { deps, ownerId: user.id, get };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('robots.txt and the sitemaps', () => {
  it('list the live listings only, as XML, with the day each last changed', async () => {
    const { deps, ownerId, get } = await setup();
    const live = await seedListing(deps.store, ownerId, { title: 'Live in Osu', submittedAt: '2026-11-02T10:00:00Z' });
    const pending = await seedListing(deps.store, ownerId, { title: 'Waiting' }, { live: false });

    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(index.body)).toEqual([`${ORIGIN}/sitemaps/pages.xml`, `${ORIGIN}/sitemaps/listings-1.xml`]);

    const listings = await get('/sitemaps/listings-1.xml');
    expect(listings.status).toBe(200);
    expect(listings.type).toBe('application/xml; charset=utf-8');
    expect(locs(listings.body)).toEqual([`${ORIGIN}/property/${live}`]);
    expect(listings.body).not.toContain(pending);
    expect(listings.body).toMatch(
      new RegExp(`<url><loc>${ORIGIN}/property/${live}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`),
    );

    const pages = await get('/sitemaps/pages.xml');
    expect(locs(pages.body)).toEqual(
      ['/', '/search', '/services', '/contact', '/privacy-policy', '/terms-of-service'].map((p) => ORIGIN + p),
    );
  });

  it('pages the listings into files of at most the limit, and answers 404 past the last file', async () => {
    const { deps, ownerId, get } = await setup({ perFile: 2 });
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push(await seedListing(deps.store, ownerId, { title: `Flat ${n}` }));
    await seedListing(deps.store, ownerId, { title: 'Hidden' }, { live: false });
    expect(locs((await get('/sitemap.xml')).body)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      ...[1, 2, 3].map((n) => `${ORIGIN}/sitemaps/listings-${n}.xml`),
    ]);
    const files = await Promise.all([1, 2, 3].map((n) => get(`/sitemaps/listings-${n}.xml`)));
    expect(files.map((f) => locs(f.body).length)).toEqual([2, 2, 1]);
    // Every live listing once, in the order of their ids.
    expect(files.flatMap((f) => locs(f.body))).toEqual(ids.sort().map((id) => `${ORIGIN}/property/${id}`));
    for (const path of [
      '/sitemaps/listings-4.xml',
      '/sitemaps/listings-0.xml',
      '/sitemaps/listings-01.xml',
      '/sitemaps/listings-99999999999999999999999.xml',
    ])
      expect((await get(path)).status, path).toBe(404);
  });

  it('asks crawlers to leave the API and people’s own screens, and says where the sitemap is', async () => {
    const { get } = await setup();
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/api/', '/admin', '/dashboard', '/account-settings', '/list-property'])
      expect(robots.body).toContain(`Disallow: ${path}\n`);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('are served by the app ahead of its files', async () => {
    const { deps } = await setup();
    const app = createApp({ ...deps, pwaDir: '/nonexistent-build' });
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml'])
      expect((await app.request(path)).status, path).toBe(200);
    for (const path of ['/sitemaps/listings-0.xml', '/sitemaps/other.xml'])
      expect((await app.request(path)).status, path).toBe(404);
  });
});
