import { serve } from '@hono/node-server';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The answers each server is writing, for a stop that waits for them (finishRequestsInFlight). */
const inFlight = new WeakMap<Server, Set<ServerResponse>>();

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
  const answering = new Set<ServerResponse>();
  inFlight.set(server as Server, answering);
  server.on('request', (_request, response: ServerResponse) => {
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
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
 * Stops taking connections and waits until every request in flight has been answered. A kept-alive
 * connection waiting for its next request is closed at once; one whose answer is still to come is
 * told `Connection: close` and closed after that answer (Node's close() leaves both open until they
 * idle out). Past `withinMs` the rest are cut off. Resolves with whether every request finished.
 */
export function finishRequestsInFlight(server: ReturnType<typeof listen>, withinMs: number): Promise<boolean> {
  const http = server as Server;
  for (const response of inFlight.get(http) ?? []) {
    if (!response.headersSent) response.shouldKeepAlive = false;
    else response.once('finish', () => response.socket?.end());
  }
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      http.closeAllConnections();
      resolve(false);
    }, withinMs);
    http.close(() => {
      clearTimeout(deadline);
      resolve(true);
    });
    http.closeIdleConnections();
  });
}
