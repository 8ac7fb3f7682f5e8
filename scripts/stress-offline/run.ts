import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { registerVerified, signIn } from './accounts.ts';
import { runAdmin, runHostPhone, settleAsAdmin } from './actors.ts';
import {
  approveListing,
  createListingThroughApi,
  readFavourites,
  readOwnListings,
  readThread,
  startConversationThroughApi,
} from './api-reads.ts';
import { ADMIN, ensurePwaBuilt, prepareServer } from './app-server.ts';
import { createCatalogue } from './catalogue.ts';
import { midSend, restartServerOnce, runNetworkChaos } from './chaos.ts';
import { compare, type Findings, type Threads } from './checks.ts';
import { createDevice, type Device } from './device.ts';
import { drainPhone, type Leftovers } from './drain.ts';
import { createLedger, type Ledger, messageMarker } from './ledger.ts';
import type { Options } from './options.ts';
import { createRandom } from './random.ts';

export type Report = {
  ledger: Ledger;
  findings: Findings | undefined;
  leftovers: Leftovers[];
  seconds: number;
  chaosSeconds: number;
  faults: string[];
  kept: string | undefined;
};

const STARTING_LISTINGS = 3;
/** The renter writes about this many of them: the threads both phones answer in. */
const THREADS = 2;
/** How long the end waits for each phone's outbox to empty or show only reasons. */
const DRAIN_MS = 180_000;
/** How long a phone's current action may take to finish once the run is over. */
const FINISH_MS = 120_000;

async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

/** Online, once: the worker installed, host screens, each listing and each thread opened, so they work offline later. */
async function warmUp(device: Device, listingIds: string[], conversationIds: string[]) {
  const page = device.page;
  await page.goto('/');
  await controlled(page);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Host Dashboard' }).waitFor({ timeout: 30_000 });
  await page.goto('/list-property');
  await page.getByRole('heading', { name: 'List Your Property' }).waitFor({ timeout: 30_000 });
  for (const id of listingIds) {
    await page.goto(`/property/${id}`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    await page.goto(`/property/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit Property' }).waitFor({ timeout: 30_000 });
  }
  await page.goto('/messages');
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor({ timeout: 30_000 });
  for (const id of conversationIds) {
    await page.goto(`/messages/${id}`);
    await page.getByRole('textbox', { name: 'Your message' }).waitFor({ timeout: 30_000 });
  }
}

/**
 * A renter (through the API, from a request client of its own) writes to the host about the
 * first live listings: each message starts a thread, which the host's phones then answer in.
 */
async function renterWrites(renter: APIRequestContext, listingIds: string[], ledger: Ledger): Promise<string[]> {
  const threads: string[] = [];
  for (const [i, listingId] of listingIds.slice(0, THREADS).entries()) {
    const text = `Hello, is this flat still free? (${messageMarker('renter', i + 1)})`;
    const at = Date.now();
    const id = await startConversationThroughApi(renter, listingId, text);
    ledger.sendMessage('renter', id, text, at).certain = true;
    threads.push(id);
  }
  return threads;
}

const startingListing = (n: number) => ({
  title: `Chaos starting flat ${n}`,
  description: `A flat the chaos run starts with (starting listing ${n}).`,
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  address: `${n} Ring Road`,
  city: 'Accra',
  country: 'Ghana',
  pricePerNight: 900 + n,
  currency: 'GH₵',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi'],
  images: [],
});

export async function runChaos(options: Options, log: (line: string) => void): Promise<Report> {
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';
  ensurePwaBuilt(log);
  const started = Date.now();
  const random = createRandom(options.seed);
  const ledger = createLedger();
  const server = await prepareServer();
  const phones = [createDevice('phone-1', server.origin), createDevice('phone-2', server.origin)];
  const admin = createDevice('admin', server.origin);
  const catalogue = createCatalogue(phones.map((p) => p.name));
  const renter = await request.newContext({ baseURL: server.origin });
  const report: Report = {
    ledger,
    findings: undefined,
    leftovers: [],
    seconds: 0,
    chaosSeconds: 0,
    faults: [],
    kept: undefined,
  };
  try {
    await server.process.start();
    log(`server on ${server.origin}, data in ${server.dataDir}`);
    await Promise.all([...phones, admin].map((d) => d.open()));
    await signIn(admin.context.request, ADMIN.email, ADMIN.password);
    const host = await registerVerified(
      phones[0]!.context.request,
      'owner',
      'Ama',
      `${options.seed}-${Date.now().toString(36)}`,
    );
    await signIn(phones[1]!.context.request, host.email, host.password);
    const ids: string[] = [];
    for (let n = 1; n <= STARTING_LISTINGS; n++) {
      const listing = await createListingThroughApi(phones[0]!.context.request, startingListing(n));
      await approveListing(admin.context.request, listing.id);
      ledger.originals.set(listing.id, { title: listing.title, pricePerNight: listing.pricePerNight });
      ids.push(listing.id);
    }
    await settleAsAdmin(admin.context.request, catalogue, ledger);
    await registerVerified(renter, 'renter', 'Kofi', `${options.seed}-${Date.now().toString(36)}`);
    const conversations = await renterWrites(renter, ids, ledger);
    log(
      `host ${host.email} signed in on two phones; ${ids.length} live listings; ${conversations.length} threads from a renter; warming the phones up`,
    );
    await Promise.all(phones.map((p) => warmUp(p, ids, conversations)));

    let stopping = false;
    const isStopping = () => stopping;
    let counter = 0;
    const chaosStarted = Date.now();
    const runMs = options.minutes * 60_000;
    log(`chaos for ${options.minutes} min (seed ${options.seed})`);
    const loops = [
      ...phones.map((device) => runNetworkChaos(device, random.fork(`${device.name}/network`), ledger, isStopping)),
      ...phones.map((device) => {
        const r = random.fork(`${device.name}/person`);
        return runHostPhone(
          {
            device,
            ledger,
            random: r,
            catalogue,
            conversations,
            unique: () => ++counter,
            midSend: midSend(device, r, ledger),
          },
          host.id,
          isStopping,
        );
      }),
      runAdmin(admin.context.request, catalogue, ledger, random.fork('admin'), isStopping),
    ];
    const restart = restartServerOnce(server.process, random.fork('server'), ledger, runMs, log).catch(
      (error: unknown) => {
        report.faults.push(`the server did not come back: ${String(error)}`);
      },
    );
    await sleep(runMs);
    stopping = true;
    await restart;
    const finished = await Promise.race([
      Promise.allSettled(loops).then(() => true),
      sleep(FINISH_MS).then(() => false),
    ]);
    if (!finished) report.faults.push(`an action was still going ${FINISH_MS / 1000} s after the run ended`);
    report.chaosSeconds = (Date.now() - chaosStarted) / 1000;

    log('all phones online on a good link; draining');
    await settleAsAdmin(admin.context.request, catalogue, ledger);
    report.leftovers = await Promise.all(
      phones.map((p) => drainPhone(p, host.id, ledger, random.fork(`${p.name}/drain`), DRAIN_MS)),
    );
    const mine = await readOwnListings(phones[0]!.context.request);
    const favourites = await readFavourites(phones[0]!.context.request);
    const threads: Threads = new Map();
    for (const id of conversations) threads.set(id, await readThread(phones[0]!.context.request, id));
    report.findings = compare(ledger, mine, favourites, report.leftovers, threads);
  } catch (error) {
    report.faults.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    report.seconds = (Date.now() - started) / 1000;
    await Promise.all([...phones, admin].map((d) => d.close()));
    await renter.dispose();
    await server.process.stop().catch(() => server.process.kill());
    const bad = failed(report);
    rmSync(admin.profile, { recursive: true, force: true });
    if (bad || options.keep) {
      const file = join(server.dataDir, 'ledger.json');
      const { commitments, taps, submissions, messages, admin: decisions, notes } = ledger;
      writeFileSync(
        file,
        JSON.stringify(
          {
            commitments,
            taps,
            submissions,
            messages,
            admin: decisions,
            notes,
            findings: report.findings,
            leftovers: report.leftovers,
          },
          null,
          1,
        ),
      );
      report.kept = [file, server.dataDir, ...phones.map((p) => p.profile)].join(', ');
    } else
      for (const dir of [server.dataDir, ...phones.map((p) => p.profile)])
        rmSync(dir, { recursive: true, force: true });
  }
  return report;
}

export function failed(r: Report): boolean {
  const f = r.findings;
  return (
    !f ||
    r.faults.length > 0 ||
    f.lost.length +
      f.doubled.length +
      f.reverted.length +
      f.lostMessages.length +
      f.doubledMessages.length +
      f.unsentUnexplained.length >
      0
  );
}
