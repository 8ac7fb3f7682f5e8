import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMiddleware } from 'hono/factory';
import { requestSocket, serverResponse } from './node-exchange.ts';

/** The servers finishing their requests in flight (finishRequestsInFlight). */
const stopping = new WeakSet<object>();
/** How often a stopping server closes the connections its answers left idle. */
const IDLE_SWEEP_MS = 50;

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

/**
 * App-wide middleware: an answer written while its server stops says `Connection: close`, and Node
 * closes its connection once it is sent, so the client does not send its next request on a
 * connection about to close. Nothing per request otherwise: a listener on every request (to know
 * the answers in flight) was 2% of a no-database route's CPU (issue 32).
 */
export const closeConnectionsWhenStopping = createMiddleware(async (c, next) => {
  await next();
  const server = (requestSocket(c) as { server?: object } | undefined)?.server;
  const response = serverResponse(c);
  if (server && response && !response.headersSent && stopping.has(server)) response.shouldKeepAlive = false;
});

/**
 * Stops taking connections and waits until every request in flight has been answered. A kept-alive
 * connection waiting for its next request is closed at once; an answer still to come says
 * `Connection: close` (closeConnectionsWhenStopping), and one already being sent (a download) leaves
 * its connection idle, closed within IDLE_SWEEP_MS (Node's close() leaves it open until it idles out).
 * Past `withinMs` the rest are cut off. Resolves with whether every request finished.
 */
export function finishRequestsInFlight(server: ReturnType<typeof listen>, withinMs: number): Promise<boolean> {
  const http = server as Server;
  stopping.add(http);
  return new Promise((resolve) => {
    const sweep = setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      clearInterval(sweep);
      http.closeAllConnections();
      resolve(false);
    }, withinMs);
    http.close(() => {
      clearTimeout(deadline);
      clearInterval(sweep);
      resolve(true);
    });
    http.closeIdleConnections();
  });
}
