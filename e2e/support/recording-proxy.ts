import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A phone's signal, seen from the server's side of the wire. The browser talks to this proxy
// instead of the server; it forwards each request and writes down what reached the server (with
// the session cookie it carried), and can cut the requests to one path as a weak signal would.
// Chromium's own network events miss some of a service worker's requests (a worker started for a
// `sync` event: its logout went out unrouted and unreported in one CI run in ten), so what the
// server received is read here, where nothing is missed, not from the browser's events.

/** One request that reached the server, in arrival order. */
export type ServerRequest = { method: string; path: string; token: string | undefined; at: number };

export type RecordingProxy = {
  /** The address the browser uses (a different port of localhost: cookies are shared across ports). */
  origin: string;
  /** Every request forwarded to the server, in the order they arrived. */
  seen: ServerRequest[];
  /** From now on, requests to this path are cut before they reach the server (no answer at all). */
  cut(path: string): void;
  /** Requests to this path reach the server again. */
  restore(path: string): void;
  close(): Promise<void>;
};

const tokenIn = (cookieName: string, headers: IncomingHttpHeaders) =>
  new RegExp(`(?:^|;\\s*)${cookieName}=([^;]+)`).exec(headers.cookie ?? '')?.[1];

/** The request's headers as the server would have had them from its own origin (Origin and Referer are checked). */
function asFromServer(headers: IncomingHttpHeaders, proxyOrigin: string, server: URL): IncomingHttpHeaders {
  const rewritten = { ...headers, host: server.host };
  if (rewritten.origin) rewritten.origin = server.origin;
  if (rewritten.referer?.startsWith(proxyOrigin))
    rewritten.referer = server.origin + rewritten.referer.slice(proxyOrigin.length);
  return rewritten;
}

export async function startRecordingProxy(serverOrigin: string, cookieName: string): Promise<RecordingProxy> {
  const server = new URL(serverOrigin);
  const seen: ServerRequest[] = [];
  const cutPaths = new Set<string>();
  let origin = '';

  // Idle connections are kept as long as the server keeps them (65 s, api/http/listen.ts): with
  // Node's 5 s, the browser sometimes sends on a connection as it closes and sends the request again.
  const proxy = createServer({ keepAliveTimeout: 65_000 }, (incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', server).pathname;
    if (cutPaths.has(path)) {
      incoming.socket.destroy();
      return;
    }
    seen.push({ method: incoming.method ?? 'GET', path, token: tokenIn(cookieName, incoming.headers), at: Date.now() });
    const upstream = forward(
      {
        hostname: server.hostname,
        port: server.port,
        method: incoming.method,
        path: incoming.url,
        headers: asFromServer(incoming.headers, origin, server),
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });

  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(proxy.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    cut: (path) => cutPaths.add(path),
    restore: (path) => cutPaths.delete(path),
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
