import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, stopServer } from '../testing/spawn-server.ts';
import { adminApi, createListing, signUp } from './support/api.ts';
import { countOf } from '../pwa/lib/format.ts';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreenshot,
  signIn,
  toasts,
  unique,
} from './support/fixtures.ts';
import { fakeMp4 } from './support/videos.ts';

// Issue 28, admins and operators: what a first admin finds, on a phone-sized screen.

test.use({ viewport: { width: 360, height: 740 } });

type PendingVideo = {
  videoId: string;
  fileName: string;
  originalName: string;
  userId: string;
  status: string;
  lastScanError: string | null;
};

/** The admin's pending list, polled until `wanted` holds for the video `find` picks. */
async function pendingVideo(
  admin: APIRequestContext,
  find: (video: PendingVideo) => boolean,
  wanted: (video: PendingVideo) => boolean,
): Promise<PendingVideo> {
  let found: PendingVideo | undefined;
  await expect
    .poll(
      async () => {
        const answer = (await (await admin.get('/api/admin/pending-videos?limit=100')).json()) as {
          videos: PendingVideo[];
        };
        found = answer.videos.find(find);
        return found !== undefined && wanted(found);
      },
      { message: 'the video reaches the wanted status', timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

async function signInAsAdmin(page: Page) {
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/image-approval');
}

test('the Admin Panel links to Service Provider Approval and Video Management, with what waits there', async ({
  page,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const providers = (await (await admin.get('/api/service-providers?status=pending')).json()) as {
    counts: { pending: number };
  };
  const videos = (await (await admin.get('/api/admin/pending-videos?limit=1')).json()) as { total: number };
  await admin.dispose();

  await signInAsAdmin(page);
  const pages = page.getByRole('navigation', { name: 'Other admin pages' });
  const approval = pages.getByRole('link', { name: /^Service Provider Approval/ });
  const management = pages.getByRole('link', { name: /^Video Management/ });
  await expect(approval).toContainText(
    countOf(providers.counts.pending, 'application waiting', 'applications waiting'),
  );
  await expect(management).toContainText(countOf(videos.total, 'video waiting', 'videos waiting'));
  await expectAccessible(page, 'admin panel links');
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'first-admin-panel-links');

  await approval.click();
  await expect(page).toHaveURL(/\/admin\/service-approval$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Service Provider Approval' })).toBeVisible();
  await page.goBack();
  await management.click();
  await expect(page).toHaveURL(/\/admin\/video-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Management' })).toBeVisible();
});

test('the status filter offers Pending Approval and speaks the cards’ words; a pending card never says Active', async ({
  page,
  baseURL,
}) => {
  const host = await request.newContext({ baseURL: baseURL! });
  await signUp(host, 'owner', 'Kwame');
  const title = `Pending flat ${unique()}`;
  await createListing(host, { title });
  await host.dispose();

  await signInAsAdmin(page);
  await page.getByLabel('Search properties').fill(title);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'All properties',
    'Pending Approval',
    'Live',
    'Hidden',
    'Approved (Live or Hidden)',
  ]);
  await page.getByRole('option', { name: 'Pending Approval' }).click();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(page.getByText('1 property', { exact: true })).toBeVisible();
  await expect(card.getByText('Pending Approval', { exact: true })).toBeVisible();
  await expect(card.getByText(/^(Active|Live|Verified)$/)).toHaveCount(0);
  await expectAccessible(page, 'admin panel, pending filter');
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'first-admin-pending-filter');

  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page).getByText('Property has been approved and is now visible to the public.')).toBeVisible();
  // Approved, it leaves Pending Approval and is found under Live, saying Live.
  await expect(card).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Live', exact: true }).click();
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  await expect(card.getByText('Pending Approval', { exact: true })).toHaveCount(0);
});

test('the Delivery tab says that nothing is delivered without a gateway, and how to configure SMTP and SMS', async ({
  page,
}) => {
  // The e2e server has no gateway (and the dev outbox on).
  await signInAsAdmin(page);
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const note = page.getByRole('note', { name: 'E-mail and SMS are not delivered' });
  await expect(note).toContainText('only recorded on the server');
  await expect(note).toContainText('SMTP_URL');
  await expect(note).toContainText('TWILIO_ACCOUNT_SID');
  await expect(note).toContainText('/api/dev/outbox?to=ADDRESS');
  await expect(page.getByText('Every message was delivered', { exact: false })).toHaveCount(0);
  await expect(
    page.getByText('Nothing has failed, but nothing was delivered either: no gateway is configured (see above).'),
  ).toBeVisible();
  await expectAccessible(page, 'admin delivery without gateways');
  await expectNoSidewaysScroll(page);
  await note.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'first-admin-delivery');
});

// The default start on a fresh Debian machine: ClamAV installed without signatures, no gateway.
// A server of its own, with an empty signature folder (what /var/lib/clamav holds before freshclam)
// and the dev outbox (the README's way to read codes locally), so the host can verify and upload.
test('on the default start an admin approves a listing, and is told in plain words why a video waits', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ADMIN = { email: `first-admin-${unique()}@efie.test`, password: 'Admin-pass-2026' };
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const data = mkdtempSync(join(tmpdir(), 'efie-first-admin-'));
  const noSignatures = join(data, 'clamav-empty');
  mkdirSync(noSignatures);
  const server = await spawnServer(
    {
      DATA_DIR: data,
      PUBLIC_ORIGIN: origin,
      CLAMAV_DB: noSignatures,
      EFIE_DEV_OUTBOX: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    { port, timeoutMs: 120_000 },
  );
  try {
    const host = await request.newContext({ baseURL: origin });
    const account = await signUp(host, 'owner', 'Efua');
    const title = `Default-start flat ${unique()}`;
    await createListing(host, { title });
    const uploaded = await host.post('/api/upload/property-videos', {
      multipart: { videos: { name: 'tour.mp4', mimeType: 'video/mp4', buffer: fakeMp4(100_000) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    await host.dispose();

    const admin = await request.newContext({ baseURL: origin });
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    await pendingVideo(
      admin,
      (v) => v.userId === account.user.id,
      (v) => v.status === 'scan_unavailable',
    );
    await admin.dispose();

    const page = await phone(browser, origin);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/video-management');
    await expect(page.getByText('1 video waiting. The list refreshes every 30 seconds.')).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'tour.mp4' });
    await expect(card.getByText('scan unavailable', { exact: true })).toBeVisible();
    const reason = card.getByText(/^The virus scanner has no signature database/);
    await expect(reason).toHaveText(
      'The virus scanner has no signature database: run freshclam on the server (sudo freshclam) to download it, or set CLAMAV_DB to a folder ' +
        'that holds one. Meanwhile videos wait in quarantine, unscanned, and are scanned automatically once it works.',
    );
    await expect(page.getByRole('main')).not.toContainText(/LibClamAV|cli_loaddbdir|clamscan exited/);
    await expectAccessible(page, 'video management without signatures');
    await expectNoSidewaysScroll(page);
    await reason.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'first-admin-video-no-signatures');

    // The Admin Panel counts it, in the singular.
    await page.goto('/admin/image-approval');
    const management = page
      .getByRole('navigation', { name: 'Other admin pages' })
      .getByRole('link', { name: /^Video Management/ });
    await expect(management).toContainText('1 video waiting');

    // Approving a listing needs nothing configured.
    await page.getByLabel('Search properties').fill(title);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(toasts(page).getByText('Property has been approved and is now visible to the public.')).toBeVisible();
    await expect(row.getByText('Live', { exact: true })).toBeVisible();
    await page.context().close();
  } finally {
    await stopServer(server.child);
  }
});
