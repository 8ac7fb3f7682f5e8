import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type BrowserContext, type Page } from '@playwright/test';

// One phone: a persistent Chromium profile (IndexedDB, the service worker and the session
// cookie survive closing it), its network state (offline, a 2G-like link) re-applied each
// time it is opened, and the one page the person uses.

const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 5'];
// As playwright.config.ts launches it.
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
/** A bad 2G link: 400 ms each way, 250 kbit/s down, 40 kbit/s up (a photo of 30 KB takes about 6 s). */
const TWO_G = { latency: 400, downloadThroughput: (250 * 1024) / 8, uploadThroughput: (40 * 1024) / 8 };
const UNTHROTTLED = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

export type Device = ReturnType<typeof createDevice>;

export function createDevice(name: string, origin: string) {
  const profile = mkdtempSync(join(tmpdir(), `efie-chaos-${name}-`));
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let offline = false;
  let throttled = false;

  /**
   * Playwright's setOffline is itself Network.emulateNetworkConditions on the page: whichever is
   * sent last wins, so ours always carries the offline state too, and is sent again after each
   * setOffline (which resets the throughput).
   */
  async function applyThrottle() {
    if (!context || !page) return;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline, ...(throttled ? TWO_G : UNTHROTTLED) });
    await cdp.detach();
  }

  const device = {
    name,
    profile,
    origin,
    get page(): Page {
      if (!page) throw new Error(`${name} is closed`);
      return page;
    },
    get context(): BrowserContext {
      if (!context) throw new Error(`${name} is closed`);
      return context;
    },
    get isOpen() {
      return context !== undefined;
    },
    get offline() {
      return offline;
    },
    get throttled() {
      return throttled;
    },
    /** Opens the app (the profile kept from before), with the network as it was left. */
    async open() {
      context = await chromium.launchPersistentContext(profile, { ...LAUNCH, ...PHONE, baseURL: origin, offline });
      page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(15_000);
      await applyThrottle();
    },
    /** The app killed: whatever it was doing stops where it is. */
    async close() {
      const closing = context;
      context = undefined;
      page = undefined;
      await closing?.close().catch(() => undefined);
    },
    async setOffline(value: boolean) {
      offline = value;
      await context?.setOffline(value).catch(() => undefined);
      await applyThrottle().catch(() => undefined);
    },
    async setThrottled(value: boolean) {
      throttled = value;
      await applyThrottle().catch(() => undefined);
    },
  };
  return device;
}
