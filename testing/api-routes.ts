import type { Hono } from 'hono';
import { uniqueSymbol } from 'hono-openapi';

export type ApiRoute = {
  /** `METHOD path`, as Hono's route table writes it: `PUT /api/properties/:id`. */
  key: string;
  method: string;
  path: string;
  /** The request parts its handlers validate (`json`, `query`, ...), from hono-openapi's markers. */
  targets: Set<string>;
};

/**
 * Every route of the app's route table under /api, once, with its handlers' markers: a method
 * and path a request can name (not the middleware's `ALL` and `*` entries).
 */
export function apiRoutes(app: Pick<Hono, 'routes'>): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL' || route.path.includes('*')) continue;
    const key = `${route.method} ${route.path}`;
    const entry = routes.get(key) ?? { key, method: route.method, path: route.path, targets: new Set<string>() };
    const marker = (route.handler as unknown as Record<symbol, { target?: string } | undefined>)[uniqueSymbol];
    if (marker?.target) entry.targets.add(marker.target);
    routes.set(key, entry);
  }
  return [...routes.values()];
}
