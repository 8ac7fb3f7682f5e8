// npm run bench:web: what a renter's first visit costs on a mid-range phone (issue 31), as Lighthouse
// measures it: the home page, a search in Accra and one live listing's page, each loaded N times
// in a new headless Chromium with an empty profile (nothing cached, no service worker yet), on
// Lighthouse's default mobile settings (simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU).
// The figures are the medians of the runs; the bytes are those of the median run (the run
// nearest the median FCP and TTI, as Lighthouse picks it). A script, not a test.
//
//   npm run bench:web                                   (build, seed a fresh database, 3 runs a page)
//   npm run bench:web -- --runs 5 --skip-build          (reuse dist/pwa)
//   npm run bench:web -- --origin http://localhost:3000 (a server already running: no build, no seed)
//
// Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), as for the Playwright journeys.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as v from 'valibot';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, stopServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { countingProxy, visitBytes, type VisitBytes } from './visit-bytes.ts';

const USAGE = `npm run bench:web -- [--runs 3] [--skip-build] [--origin URL]

  --runs        Lighthouse runs per page, each in a new browser profile (default 3)
  --skip-build  reuse the PWA already built in dist/pwa
  --origin      measure a server already running there (no build, no seed); the browser reaches it through
                a counting proxy on another port, so its page views fail the CSRF check unless its
                PUBLIC_ORIGIN is the proxy's`;

const ArgsSchema = v.object({
  runs: v.pipe(
    v.string(),
    v.regex(/^\d+$/, '--runs must be a whole number'),
    v.transform(Number),
    v.minValue(1, '--runs must be at least 1'),
    v.maxValue(50, '--runs must be at most 50'),
  ),
  'skip-build': v.boolean(),
  origin: v.optional(
    v.pipe(
      v.string(),
      v.url('--origin must be a URL such as http://localhost:3000'),
      v.transform((url) => new URL(url).origin),
    ),
  ),
});

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        'skip-build': { type: 'boolean', default: false },
        origin: { type: 'string' },
      },
    });
    return v.parse(ArgsSchema, values);
  } catch (error) {
    const message = v.isValiError(error)
      ? error.issues.map((issue) => issue.message).join('; ')
      : error instanceof Error
        ? error.message
        : String(error);
    console.error(`${message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`);
}

/** The production server on a fresh embedded database under `dataDir`, seeded with the demo listings (with photos). */
async function startSeededServer(dataDir: string, skipBuild: boolean, publicOrigin: string): Promise<SpawnedServer> {
  if (!skipBuild) {
    log('building the PWA ...');
    run('npm', ['run', 'build', '--silent'], { ...process.env, NODE_ENV: 'production' });
  }
  // Only what the seed needs, so a DATABASE_URL or S3_* of this shell cannot send it elsewhere;
  // not NODE_ENV=production, which the seed refuses.
  log('seeding a fresh embedded database ...');
  run('npm', ['run', 'seed', '--silent'], { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir });
  // PUBLIC_ORIGIN is the origin the browser uses (the counting proxy's), or the app's own POSTs
  // (page views) fail the CSRF check.
  return spawnServer(
    { DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_ORIGIN: publicOrigin },
    { timeoutMs: 120_000 },
  );
}

const ListingsSchema = v.object({
  properties: v.array(v.object({ id: v.string(), title: v.string(), images: v.array(v.string()) })),
});

/** A live listing in Accra, one with photos if there is one: its page then loads a hero image, as most do. */
async function listingPath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/properties/search?location=Accra`);
  if (!response.ok) throw new Error(`GET /api/properties/search?location=Accra answered ${response.status}`);
  const { properties } = v.parse(ListingsSchema, await response.json());
  const listing = properties.find((p) => p.images.length > 0) ?? properties[0];
  if (!listing) throw new Error('no live listing in Accra: seed the database (npm run seed)');
  log(`listing page: "${listing.title}" with ${listing.images.length} photos`);
  return `/property/${listing.id}`;
}

/** One Lighthouse run in a new browser: chrome-launcher gives each launch a new temporary profile and removes it on kill. */
async function lighthouseRun(url: string): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // Lighthouse's defaults are the mobile ones; errors-in-console is added for the report below.
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      onlyAudits: ['errors-in-console'],
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * A run, tried again after NO_NAVSTART: the page loads in a renderer process started for it, and now
 * and then Chromium's trace lacks that process's first events, navigationStart among them, so
 * Lighthouse has no time origin (about one run in ten here; Lighthouse's message asks for a rerun).
 */
async function measure(url: string, repeated: string[]): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await lighthouseRun(url);
    const error = lhr.runtimeError;
    if (!error) return lhr;
    if (error.code !== 'NO_NAVSTART' || attempt === 3)
      throw new Error(`Lighthouse could not measure ${url}: ${error.code} ${error.message}`);
    repeated.push(`${url}: run again after ${error.code}`);
    log(repeated.at(-1)!);
  }
}

/** A page with one heading and one line of text, from a bare Node server: what the machine itself costs. */
async function controlPage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Control</title></head><body><h1>Control</h1><p>One line of text.</p></body></html>';
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Transferred KiB by resource type, from Lighthouse's resource-summary audit. */
function transferred(lhr: Result) {
  const details = lhr.audits['resource-summary']?.details;
  const items = details?.type === 'table' ? details.items : [];
  const kib = (type: string) => Number(items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  const [total, script, image, document] = [kib('total'), kib('script'), kib('image'), kib('document')];
  return { total, script, image, document, other: total - script - image - document };
}

function row(page: string, runs: Result[]) {
  const ms = (audit: string) => Math.round(median(runs.map((lhr) => numeric(lhr, audit))));
  const bytes = transferred(computeMedianRun(runs));
  return {
    page,
    'LCP ms': ms('largest-contentful-paint'),
    'LCP per run': runs.map((lhr) => Math.round(numeric(lhr, 'largest-contentful-paint'))).join(' / '),
    'FCP ms': ms('first-contentful-paint'),
    'TBT ms': ms('total-blocking-time'),
    CLS: median(runs.map((lhr) => numeric(lhr, 'cumulative-layout-shift'))).toFixed(3),
    'KiB total': bytes.total.toFixed(1),
    script: bytes.script.toFixed(1),
    image: bytes.image.toFixed(1),
    document: bytes.document.toFixed(1),
    other: bytes.other.toFixed(1),
  };
}

/** Lighthouse's warnings and the browser's console errors, each said once per page however many runs saw it. */
function notes(page: string, runs: Result[]): string[] {
  const said = new Set<string>();
  for (const lhr of runs) {
    for (const warning of lhr.runWarnings) said.add(`Lighthouse warning: ${warning}`);
    const details = lhr.audits['errors-in-console']?.details;
    for (const item of details?.type === 'table' ? details.items : [])
      said.add(`console error: ${String(item.description)}${item.url ? ` (${String(item.url)})` : ''}`);
  }
  return [...said].map((note) => `${page}: ${note}`);
}

const options = parseOptions();
const started = performance.now();
const dataDir = options.origin ? undefined : mkdtempSync(join(tmpdir(), 'efie-bench-web-'));
let server: SpawnedServer | undefined;
// Every request, Lighthouse's too, goes through the counting proxy, so the page has one origin.
const proxy = await countingProxy(await freePort(), () => new URL(options.origin ?? server!.base));
try {
  if (dataDir) server = await startSeededServer(dataDir, options['skip-build'], proxy.origin);
  const origin = proxy.origin;
  const pages = ['/', '/search?location=Accra', await listingPath(origin)];
  const rows = [];
  const said: string[] = [];
  const repeated: string[] = [];
  let last: Result | undefined;
  // The machine's floor, measured the same way: TBT moves several-fold between machines (the same
  // build measured 79–170 ms on one and 875–1,332 ms on another), and this row tells which one this is.
  const control = await controlPage();
  try {
    for (const [label, url] of [
      ...pages.map((page) => [page, `${origin}${page}`]),
      ['control: a one-line HTML page', control.url],
    ] as const) {
      const runs: Result[] = [];
      for (let i = 1; i <= options.runs; i++) {
        log(`${label}: run ${i} of ${options.runs}`);
        last = await measure(url, repeated);
        runs.push(last);
      }
      rows.push(row(label, runs));
      said.push(...notes(label, runs));
    }
  } finally {
    await control.close();
  }
  const browser = /(?:Headless)?Chrome\/[\d.]+/.exec(last?.environment.hostUserAgent ?? '')?.[0];
  console.log(
    `\nLighthouse ${last?.lighthouseVersion}, ${browser}, mobile, simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU), ` +
      `${options.runs} first visits a page on ${origin}; transferred KiB of the median run, "other" includes CSS and fonts:`,
  );
  console.table(rows);
  const bytes: VisitBytes[] = [];
  for (const page of pages) {
    log(`${page}: bytes of a first and a repeat visit`);
    bytes.push(await visitBytes(proxy, page));
  }
  console.log(
    '\nOn the wire through a counting proxy (headers included), a 360×740 phone at DPR 2: a first visit until the ' +
      'service worker is installed and the wire is quiet, then a repeat visit in a new tab:',
  );
  console.table(
    bytes.map(({ path, firstKiB, repeatKiB }) => ({
      page: path,
      'first visit KiB': firstKiB.toFixed(1),
      'repeat visit KiB': repeatKiB.toFixed(1),
    })),
  );
  for (const note of said) console.log(note);
  if (repeated.length) console.log(`${repeated.length} run(s) repeated after a trace without navigationStart`);
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await proxy.close();
  if (server) await stopServer(server.child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
