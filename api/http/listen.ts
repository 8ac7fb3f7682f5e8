import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Serves the app over HTTP. A request body nobody read to its end is finished by
 * limitRequestBodies (api/http/body-limit.ts), which reads and drops the rest for a
 * bounded moment before closing, so that the client reads the answer; the adapter's own
 * clean-up (a 500 ms drain, then close) is turned off so the two do not race.
 */
export const listen = (
  fetch: Fetch,
  options: { port: number; hostname?: string },
  onListening?: (info: AddressInfo) => void,
) => {
  const server = serve({ fetch, ...options, autoCleanupIncoming: false }, onListening);
  // An idle kept-alive connection stays open for 65 s, not Node's 5 s: a client that sends on it
  // just as the server closes it gets a reset ("socket hang up"), which clients behind a proxy
  // (whose idle limit is usually 60 s) and a busy test browser both met. Headers may take 66 s.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  return server;
};
