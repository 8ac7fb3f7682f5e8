import { expect, test as base, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCopyServer, type CopyServer } from './support/copy-server.ts';
import { expectAccessible } from './support/fixtures.ts';
import {
  cached,
  controlledByServiceWorker,
  liveListing,
  outboxItems,
  persistedCache,
  readStore,
  register,
} from './support/offline.ts';

// Issue 6, "done when" 5: a new build is offered by a prompt, never forced; accepting it
// loads the new version; the outbox and drafts survive; the old build's query cache does not.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

// The journey runs against its own server, serving a copy of dist/pwa: the new build is
// deployed over the copy, so the specs after this one still run against the build under test.
const test = base.extend<{ copyServer: CopyServer }>({
  copyServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; this one has none.
    async ({}, use) => {
      const server = await startCopyServer();
      await use(server);
      await server.stop();
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ copyServer }, use) => use(copyServer.baseURL),
});

// A reload may be under way: then there is no build to read yet.
const buildOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.build).catch(() => null);

/** Builds the PWA again with another build id and puts it where the (copy) server serves it. */
function deployNewBuild(buildId: string, pwaDir: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'efie-next-build-'));
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, EFIE_BUILD_ID: buildId, EFIE_PWA_OUT_DIR: outDir, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  // Copied over the old files (old hashed chunks stay, as on a real static host).
  cpSync(outDir, pwaDir, { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
}

test('a new build is offered by a prompt; accepting loads it, keeps the outbox and drafts, drops the old query cache', async ({
  page,
  context,
  baseURL,
  copyServer,
}) => {
  test.setTimeout(180_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'owner', 'Esi');
  await page.goto('/');
  await controlledByServiceWorker(page);
  const oldBuild = await buildOf(page);

  // Something cached by the old build, a draft, and an action waiting (its calls hang).
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await cached(page, 'properties', 'detail', listing.id);
  await context.route('**/api/favorites/**', () => undefined);
  await page.getByRole('button', { name: `Save ${listing.title}` }).click();
  await expect.poll(async () => (await outboxItems(page)).length).toBe(1);
  await page.goto('/list-property');
  await page.getByLabel('Title *').fill('Half-written listing');
  await expect.poll(async () => (await readStore(page, 'efie-drafts', 'drafts')).length).toBe(1);
  await page.goto('/');

  const newBuild = `e2e-${Date.now()}`;
  deployNewBuild(newBuild, copyServer.pwaDir);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  // Offered, not forced: the old version keeps running until the person accepts.
  const prompt = page.getByRole('region', { name: 'Update available' });
  await expect(prompt).toBeVisible({ timeout: 60_000 });
  await expect(prompt).toContainText('A new version of Efie is ready.');
  expect(await buildOf(page)).toBe(oldBuild);
  await expectAccessible(page, 'update prompt');
  await prompt.getByRole('button', { name: 'Update now' }).click();
  await expect.poll(() => buildOf(page), { timeout: 30_000 }).toBe(newBuild);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The outbox and the draft live outside the query cache and survive the update.
  expect(await outboxItems(page)).toEqual([
    expect.objectContaining({ kind: 'favorite', propertyId: listing.id, status: 'waiting' }),
  ]);
  expect(await readStore<{ fields: { title: string } }>(page, 'efie-drafts', 'drafts')).toEqual([
    expect.objectContaining({ fields: expect.objectContaining({ title: 'Half-written listing' }) }),
  ]);
  // The old build's cache was dropped: only what the new version fetched is kept.
  await expect.poll(async () => (await persistedCache(page))?.buster).toBe(newBuild);
  const keys = (await persistedCache(page))!.clientState.queries.map((query) => JSON.stringify(query.queryKey));
  expect(keys).not.toContain(JSON.stringify(['properties', 'detail', listing.id]));

  // Once calls go through again, the waiting favourite is sent by the new version.
  await context.unroute('**/api/favorites/**');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 60_000 }).toBe(0);
});
