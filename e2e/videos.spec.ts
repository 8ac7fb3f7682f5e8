import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import { expectAccessible, signIn, toasts, unique } from './support/fixtures.ts';
import { fakeMp4, holdPatch, recordMp4, traceProgress, UPLOAD_CHUNK_BYTES, watchTus } from './support/videos.ts';

// Issue 12, "Done when": a host's video goes up from a phone over a connection that drops,
// an admin downloads the clean original and uploads the edited version, and the host
// finds it under My Videos and on the listing's page, where it plays.

/** devices[...] minus defaultBrowserType, which is not a context option. */
function contextOptions(device: keyof typeof devices) {
  const { defaultBrowserType: _browser, ...options } = devices[device]!;
  return options;
}

async function newPage(browser: Browser, baseURL: string, device: keyof typeof devices): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions(device), baseURL });
  return context.newPage();
}

/** The admin list refreshes every 30 seconds (PENDING_REFRESH_MS): move the page's clock on until `check` passes. */
async function afterRefreshes(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.fastForward(30_000);
    await check();
  }).toPass({ timeout: 90_000 });
}

const percentOf = (sent: number, total: number) => Math.floor((sent * 100) / total);

test('a host uploads a video tour over a dropped connection, an admin edits it, and it plays on the listing', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const studio = await browser.newPage();
  const edited = await recordMp4(studio);
  await studio.context().close();

  // A host with a pending listing, on a phone (the config's Pixel 5).
  await signUp(page.request, 'owner', 'Abena');
  const title = `Video tour flat ${unique()}`;
  const listing = await createListing(page.request, { title });
  const name = `walkthrough-${unique()}.mp4`;
  const original = fakeMp4(2.5 * UPLOAD_CHUNK_BYTES);
  await writeFile(testInfo.outputPath(name), original);

  const tus = watchTus(page);
  const progress = await traceProgress(page, `Uploading ${name}`);
  const secondPatch = await holdPatch(page, 2);
  const finished = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.status() === 200,
    { timeout: 120_000 },
  );

  await page.goto(`/property/${listing.id}/edit`);
  const section = page.getByRole('region', { name: 'Video tour' });
  await section.getByLabel('Video (MP4, MOV or AVI, up to 100 MB)').setInputFiles(testInfo.outputPath(name));
  const bar = section.getByRole('progressbar', { name: `Uploading ${name}` });
  await expect(bar).toBeVisible();
  await expect(section.getByRole('status')).toHaveText('Uploading…');

  // The first chunk is in; the connection drops while the second is on its way.
  const held = await secondPatch();
  const valueNow = async () => Number(await bar.getAttribute('aria-valuenow'));
  await expect.poll(valueNow).toBeGreaterThanOrEqual(percentOf(UPLOAD_CHUNK_BYTES, original.length));
  const valueAtDrop = await valueNow();
  await context.setOffline(true);
  await expect(section.getByRole('status')).toHaveText('Connection lost — will resume');
  await held.abort('internetdisconnected').catch(() => undefined);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // What the server holds of it: the first chunk, no more.
  const patches = tus.filter((call) => call.method === 'PATCH');
  const uploadPath = patches[0]!.path;
  const head = await page.request.head(uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
  expect(head.status(), await head.text()).toBe(200);
  const serverOffset = Number(head.headers()['upload-offset']);
  expect(serverOffset).toBe(UPLOAD_CHUNK_BYTES);
  await expect(bar).toHaveAttribute('aria-valuenow', String(valueAtDrop));

  // Back online: the upload goes on from the server's offset, in the same tus upload.
  const sentBeforeRestore = tus.length;
  await context.setOffline(false);
  const video = (await (await finished).json()) as {
    videoId: string;
    fileName: string;
    propertyId: string | null;
    status: string;
  };
  await expect(section.getByRole('status')).toContainText('Uploaded. We are checking it for viruses');
  const afterRestore = tus.slice(sentBeforeRestore);
  expect(
    afterRestore.find((call) => call.method === 'PATCH')?.offset,
    'the first PATCH after the drop starts at the server offset',
  ).toBe(serverOffset);
  expect(afterRestore.every((call) => call.path === uploadPath)).toBe(true);
  expect(
    tus.filter((call) => call.method === 'POST'),
    'one tus upload was created',
  ).toHaveLength(1);
  expect(tus.filter((call) => call.method === 'PATCH').map((call) => call.offset)).toEqual([
    0,
    serverOffset,
    serverOffset,
    2 * UPLOAD_CHUNK_BYTES,
  ]);
  expect(video).toMatchObject({ propertyId: listing.id, status: 'pending_scan', fileName: `${video.videoId}.mp4` });

  // The bar rose to the first chunk, held there while offline, and rose from there after.
  const trace = await progress();
  const dropAt = trace.lastIndexOf(valueAtDrop);
  const [before, after] = [trace.slice(0, dropAt + 1), trace.slice(dropAt + 1)];
  expect(before[0], `progress ${trace.join(', ')}`).toBe(0);
  expect(before, `progress ${trace.join(', ')}`).toEqual([...before].sort((a, b) => a - b));
  expect(after.length, `progress ${trace.join(', ')}`).toBeGreaterThan(0);
  expect(Math.min(...after), `progress ${trace.join(', ')}`).toBeGreaterThanOrEqual(
    percentOf(serverOffset, original.length),
  );
  expect(Math.max(...after), `progress ${trace.join(', ')}`).toBeGreaterThan(valueAtDrop);

  // An admin at a desktop waits for the scan, downloads the clean original and uploads the edit.
  const admin = await newPage(browser, baseURL!, 'Desktop Chrome');
  await admin.clock.install();
  await signIn(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.goto('/admin/video-management');
  const card = admin.getByRole('listitem').filter({ hasText: video.fileName });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await afterRefreshes(admin, () =>
    expect(card.getByText('pending review', { exact: true })).toBeVisible({ timeout: 3_000 }),
  );
  await expect(card).toContainText(title);
  await expectAccessible(admin, 'admin video management');

  const download = admin.waitForEvent('download');
  await card.getByRole('link', { name: `Download original ${name}` }).click();
  const downloaded = await download;
  // Named as the host's phone named it (the server's Content-Disposition).
  expect(downloaded.suggestedFilename()).toBe(name);
  const originalBack = await readFile(await downloaded.path());
  expect(originalBack.length).toBe(original.length);
  expect(originalBack.equals(original), 'the download is the uploaded bytes').toBe(true);

  await card
    .getByLabel(`Edited version of ${name}`)
    .setInputFiles({ name: 'walkthrough-edited.mp4', mimeType: 'video/mp4', buffer: edited });
  await card.getByRole('button', { name: 'Upload edited version' }).click();
  await expect(toasts(admin).getByText('Edited video uploaded', { exact: true })).toBeVisible();
  await expect(card.getByText('pending review', { exact: true })).toHaveCount(0);
  await admin.context().close();

  // The host finds the edited version under My Videos once it is scanned and published.
  // Under the name the host gave it (issue 28), not the server's id.
  const ready = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(async () => {
    await page.goto('/user/videos');
    await expect(ready).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  await expect(ready.getByLabel(`Play ${name}`)).toHaveAttribute('preload', 'none');
  await expectAccessible(page, 'my videos');
  const mine = page.waitForEvent('download');
  await ready.getByRole('link', { name: `Download ${name}` }).click();
  const saved = await mine;
  expect(saved.suggestedFilename()).toBe(name);
  expect((await readFile(await saved.path())).equals(edited), 'My Videos holds the edited version').toBe(true);

  // The listing goes live; on its page the tour loads nothing until played, then plays.
  const adminCalls = await adminApi(baseURL!);
  await approve(adminCalls, listing.id);
  await adminCalls.dispose();
  const visitor = await newPage(browser, baseURL!, 'Pixel 5');
  const streamPath = `/api/properties/${listing.id}/videos/${video.fileName}`;
  const streamed: string[] = [];
  visitor.on('request', (request) => {
    if (new URL(request.url()).pathname === streamPath) streamed.push(request.headers().range ?? 'no range');
  });
  await visitor.goto(`/property/${listing.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const tour = visitor.getByLabel(`Video tour of ${title}`);
  await expect(tour).toHaveAttribute('preload', 'none');
  await visitor.waitForLoadState('networkidle');
  expect(await tour.evaluate((element: HTMLVideoElement) => element.readyState), 'nothing of the video is loaded').toBe(
    0,
  );
  expect(streamed, 'no request for the video before play').toEqual([]);

  const answered = visitor.waitForResponse((response) => new URL(response.url()).pathname === streamPath);
  await tour.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  // The player asks for a range and gets that range of the edited version, as a 206.
  const answer = await answered;
  const asked = await answer.request().headerValue('range');
  const from = /^bytes=(\d+)-\d*$/.exec(asked ?? '')?.[1];
  expect(from, `the player asks for a byte range (${asked})`).toBeDefined();
  expect(answer.status()).toBe(206);
  expect(await answer.headerValue('accept-ranges')).toBe('bytes');
  expect(await answer.headerValue('content-range')).toMatch(new RegExp(`^bytes ${from}-\\d+/${edited.length}$`));
  await expect.poll(() => tour.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);

  // Seeking asks for the middle of the file: exactly those bytes come back, and past the end is 416.
  const middle = await visitor.request.get(streamPath, { headers: { range: 'bytes=100-199' } });
  expect(middle.status()).toBe(206);
  expect(middle.headers()['content-range']).toBe(`bytes 100-199/${edited.length}`);
  expect(
    (await middle.body()).equals(edited.subarray(100, 200)),
    'the range holds those bytes of the edited version',
  ).toBe(true);
  expect((await visitor.request.get(streamPath, { headers: { range: `bytes=${edited.length}-` } })).status()).toBe(416);
  await visitor.context().close();
});
