// What a first and a repeat visit cost on the wire, service worker included (issue 31's byte
// budget): Lighthouse stops counting at the page's load, but a prepaid bundle also pays for
// what the service worker fetches to install itself and for its update check on the next visit.
// A TCP proxy in front of the server counts every byte the server sends (headers included);
// Debian's Chromium goes through it as a 360×740 phone at DPR 2 with an empty profile.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { chromium, type Page } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Quiet for this long after the last byte: the visit (and the worker's install) is over. */
const QUIET_MS = 1500;

export type CountingProxy = {
  origin: string;
  sent: () => number;
  lastByteAt: () => number;
  close: () => Promise<void>;
};

/** A proxy on `port` to the server at `target`; it counts what the server sends. */
export async function countingProxy(port: number, target: () => URL): Promise<CountingProxy> {
  let sent = 0;
  let lastByteAt = Date.now();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const { port: upstreamPort, hostname } = target();
    const upstream = connect(Number(upstreamPort), hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      lastByteAt = Date.now();
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    // The page's own POSTs are checked against PUBLIC_ORIGIN: the proxy answers on the same host name.
    origin: `http://127.0.0.1:${port}`,
    sent: () => sent,
    lastByteAt: () => lastByteAt,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function quiet(proxy: CountingProxy) {
  for (;;) {
    const idle = Date.now() - proxy.lastByteAt();
    if (idle >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS - idle));
  }
}

/** The service worker is active and has finished its precache (install ends only when it has). */
const workerInstalled = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active);
  });

export type VisitBytes = { path: string; firstKiB: number; repeatKiB: number };

/**
 * One first visit (until the worker is installed and the wire is quiet) and one repeat visit
 * in a new tab of the same profile, as a renter coming back the next day would.
 */
export async function visitBytes(proxy: CountingProxy, path: string): Promise<VisitBytes> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const start = proxy.sent();
    const first = await context.newPage();
    await first.goto(`${proxy.origin}${path}`, { waitUntil: 'load' });
    await workerInstalled(first);
    await quiet(proxy);
    const firstBytes = proxy.sent() - start;
    await first.close();
    const again = await context.newPage();
    await again.goto(`${proxy.origin}${path}`, { waitUntil: 'load' });
    await quiet(proxy);
    const repeatBytes = proxy.sent() - start - firstBytes;
    await context.close();
    return { path, firstKiB: firstBytes / 1024, repeatKiB: repeatBytes / 1024 };
  } finally {
    await browser.close();
  }
}
