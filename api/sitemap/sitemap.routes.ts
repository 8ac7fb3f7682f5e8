import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { countLiveListings, liveListingsPage } from './sitemap.read.ts';
import { MAX_URLS_PER_SITEMAP, PUBLIC_PAGES, robotsTxt, sitemapIndex, urlSet } from './sitemap.xml.ts';

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back often enough; an hour spares the database a count per visit of every bot. */
const CACHE = 'public, max-age=3600';

/**
 * robots.txt and the sitemaps (issue 31): /sitemap.xml is an index of /sitemaps/pages.xml (the
 * public screens) and /sitemaps/listings-N.xml (the live listings, `perFile` to a file). Mounted
 * before the app's files, whose fallback would answer these paths with the app's HTML.
 */
export function sitemapRoutes(
  deps: Pick<AppDeps, 'db' | 'config'>,
  { perFile = MAX_URLS_PER_SITEMAP }: { perFile?: number } = {},
) {
  const { db } = deps;
  const origin = deps.config.publicOrigin;
  const listingFiles = async () => Math.max(1, Math.ceil((await countLiveListings(db)) / perFile));
  return (
    new Hono<AppEnv>()
      .get('/robots.txt', (c) =>
        c.body(robotsTxt(origin), 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE }),
      )
      .get('/sitemap.xml', async (c) => {
        const files = Array.from({ length: await listingFiles() }, (_, n) => ({
          path: `/sitemaps/listings-${n + 1}.xml`,
        }));
        return c.body(sitemapIndex(origin, [{ path: '/sitemaps/pages.xml' }, ...files]), 200, {
          'content-type': XML,
          'cache-control': CACHE,
        });
      })
      .get('/sitemaps/pages.xml', (c) =>
        c.body(
          urlSet(
            origin,
            PUBLIC_PAGES.map((path) => ({ path })),
          ),
          200,
          { 'content-type': XML, 'cache-control': CACHE },
        ),
      )
      .get('/sitemaps/:file{listings-[1-9][0-9]*\\.xml}', async (c) => {
        const page = Number(/\d+/.exec(c.req.param('file'))![0]);
        // Past the last file there is nothing: a 404, not an empty sitemap a crawler would keep asking for.
        if (!Number.isSafeInteger(page) || page > (await listingFiles()))
          return c.text('No such sitemap', 404, { 'cache-control': CACHE });
        const listings = await liveListingsPage(db, page, perFile);
        return c.body(
          urlSet(
            origin,
            listings.map((l) => ({ path: `/property/${l.id}`, lastModified: l.updated_at })),
          ),
          200,
          { 'content-type': XML, 'cache-control': CACHE },
        );
      })
      // Any other name under /sitemaps/ is no sitemap (without this the app's fallback would send its HTML).
      .get('/sitemaps/*', (c) => c.text('No such sitemap', 404))
  );
}
