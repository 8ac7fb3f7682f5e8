import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { type PageHead, withHead } from './page-head.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built PWA: hashed files under /assets are cached for a year, everything
 * else is revalidated; any path that is not a file gets index.html (the SPA's
 * router decides, and shows its 404 screen for unknown paths), with the head
 * `pageHead` writes for it (a listing's link preview) and the status it says.
 */
export function pwaRoutes(
  distDir: string,
  { pageHead }: { pageHead?: (c: Context<AppEnv>) => Promise<PageHead | undefined> } = {},
) {
  const app = new Hono<AppEnv>();
  const indexPath = join(distDir, 'index.html');
  // Set before serveStatic answers (its onFound hook is not called by this version).
  app.use('*', async (c, next) => {
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    await next();
  });
  // The build writes .br and .gz copies: a phone on mobile data gets the smallest it accepts.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', async (c) => {
    // A missing hashed file (an old build's chunk) is a 404, not the app's HTML under a .js name.
    if (c.req.path.startsWith('/assets/')) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    if (!existsSync(indexPath)) {
      c.header('Cache-Control', 'no-store');
      return c.text('The app is not built yet: run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    // A page that says what it is before the app runs (a listing's preview), or the plain shell.
    const head = await pageHead?.(c);
    const html = readFileSync(indexPath, 'utf8');
    return head ? c.html(withHead(html, head), head.status) : c.html(html);
  });
  return app;
}
