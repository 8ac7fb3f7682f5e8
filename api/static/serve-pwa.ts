import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { FIRST_PAINT_STATE_ID } from '../contract/first-paint.ts';
import type { AppEnv } from '../http/app-env.ts';
import { BUILT_ASSETS, builtFiles } from './built-files.ts';
import type { RenderedPage } from '../contract/first-paint.ts';
import { jsonInScript, NOINDEX, type PageHead, withHead } from './page-head.ts';

type PageOptions = {
  /** The head of the page at this path (a listing's link preview), and the status it says. */
  pageHead?: (c: Context<AppEnv>) => Promise<PageHead | undefined>;
  /** The server's first paint of this path (api/static/first-paint.ts), or null when there is none. */
  firstPaint?: (c: Context<AppEnv>) => Promise<RenderedPage | null>;
  /** The clock that says when a file served from memory is looked at on disk again (api/static/built-files.ts). */
  now?: () => number;
};

/**
 * The built PWA: hashed files under /assets are cached for a year, everything
 * else is revalidated; any path that is not a file gets index.html, with the head
 * `pageHead` writes for it, the page `firstPaint` draws into it (home, a search, a listing),
 * and 404 with `noindex` where either says the page does not exist.
 */
export function pwaRoutes(distDir: string, { pageHead, firstPaint, now }: PageOptions = {}) {
  const app = new Hono<AppEnv>();
  const indexPath = join(distDir, 'index.html');
  // The build's files, from memory, with their .br and .gz copies and ETags (api/static/built-files.ts).
  const files = builtFiles(distDir, now);
  // `/` is a page (drawn by the server), not the folder's index.html; /index.html stays the plain
  // shell the service worker caches for every page offline.
  app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));
  // The pages (drawn or the shell with its head) are compressed as they are sent.
  app.use('*', compress());
  app.get('*', async (c) => {
    // A missing hashed file (an old build's chunk) is a 404, not the app's HTML under a .js name.
    if (c.req.path.startsWith(BUILT_ASSETS)) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    if (!existsSync(indexPath)) {
      c.header('Cache-Control', 'no-store');
      return c.text('The app is not built yet: run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    // A page that says what it is before the app runs (a listing's preview), or the plain shell.
    const [head, drawn] = await Promise.all([pageHead?.(c), firstPaint?.(c)]);
    // A path no route matches is a 404 too, with nothing for a crawler to keep.
    const said: PageHead = head ?? (drawn?.status === 404 ? { status: 404, tags: NOINDEX } : { status: 200 });
    const status = drawn?.status === 404 ? 404 : said.status;
    const page = withHead(readFileSync(indexPath, 'utf8'), said);
    return c.html(drawn?.html !== undefined ? withApp(page, drawn) : page, status);
  });
  return app;
}

const ROOT = '<div id="root"></div>';

/**
 * On a drawn page the app only takes over what is painted: its scripts load after the page's own
 * styles and first pictures (pwa/public/after-load.js), not beside them on a slow link. On the shell
 * they draw the page, and load at once.
 */
const appAfterLoad = (page: string) =>
  page
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) => `<script type="module" src="/after-load.js" data-app="${src}"></script>`,
    );

/** The page with what the server drew: its hoisted tags in the head, its HTML in #root and the answers it was drawn with after it. */
function withApp(page: string, { head = '', html = '', state }: RenderedPage): string {
  const at = page.indexOf(ROOT);
  const data = `<script type="application/json" id="${FIRST_PAINT_STATE_ID}">${jsonInScript(state)}</script>`;
  const drawn = `${page.slice(0, at)}<div id="root">${html}</div>${data}${page.slice(at + ROOT.length)}`;
  // React's preloads (the first screen's picture) go first in the head, ahead of the stylesheet.
  const first = drawn.search(/<script type="module"|<\/head>/);
  return appAfterLoad(`${drawn.slice(0, first)}${head}${drawn.slice(first)}`);
}
