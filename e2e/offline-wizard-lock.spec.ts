import { expect, test, type Route } from '@playwright/test';
import { toasts } from './support/fixtures.ts';
import { answeredRequests, controlledByServiceWorker, outboxItems, readStore, register } from './support/offline.ts';
import { fillWizardUpToPhotos, plainPhoto } from './support/wizard.ts';

// Issue 20, points 6 and 7: a draft handed to the outbox cannot be changed, and a full disk
// at submit is said in words, with the form usable again and nothing typed lost.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

type StoredDraft = { id: string; fields: { title: string }; photos: unknown[]; queuedItemId?: string };

test('point 6: while "Submitting…" nothing can change the draft, a queued draft is not offered again, and one create is queued', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await register(page.request, 'owner', 'Yaa');
  const creates = answeredRequests(context, 'POST', /^\/api\/properties\/?$/);
  await page.goto('/');
  await controlledByServiceWorker(page);
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'List Your Property' })).toBeVisible();
  const title = `Locked draft ${Date.now().toString(36)}`;
  await fillWizardUpToPhotos(page, title);
  await page.getByLabel(/^Photos/).setInputFiles([await plainPhoto('porch.jpg')]);
  await expect(page.getByRole('list', { name: 'Uploaded photos' }).getByRole('listitem')).toHaveCount(1);

  // The photo upload hangs (weak signal): the wizard stays on "Submitting…".
  const held: Route[] = [];
  await context.route('**/api/upload/property-images', (route) => void held.push(route));
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect(page.getByRole('button', { name: /Submitting/ })).toBeDisabled();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByLabel(/^Photos/)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeDisabled();

  // The upload fails without an answer: the listing waits in the outbox, the draft with it.
  // (The later route takes precedence: from here no write gets through, not even a retry.)
  await context.route('**/api/**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected'),
  );
  await Promise.all(held.map((route) => route.abort('internetdisconnected')));
  await context.unroute('**/api/upload/property-images');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const [draft] = await readStore<StoredDraft>(page, 'efie-drafts', 'drafts');
  expect(draft!.queuedItemId).toEqual(expect.any(String));

  // The queued draft is not offered under "Your drafts", nor opened by its address.
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'Basics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your drafts' })).toHaveCount(0);
  await page.goto(`/list-property?draft=${draft!.id}`);
  await expect(page.getByLabel('Title *')).toHaveValue('');
  const items = await outboxItems(page);
  expect(items.filter((item) => item.kind === 'create-listing')).toHaveLength(1);

  // Back to a good signal: one listing, with its photo.
  await context.unroute('**/api/**');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 60_000 }).toBe(0);
  expect(creates).toHaveLength(1);
  const mine = (await (await page.request.get('/api/user/properties')).json()) as { title: string; images: string[] }[];
  expect(mine.filter((property) => property.title === title).map((property) => property.images.length)).toEqual([1]);
});

test('point 7: a full disk at submit is said in words, the button comes back, and the draft is kept', async ({
  page,
}) => {
  // The phone's storage fills up after the draft was saved: writing the outbox item fails.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'items') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await register(page.request, 'owner', 'Fiifi');
  await page.goto('/list-property');
  const title = `Full phone flat ${Date.now().toString(36)}`;
  await fillWizardUpToPhotos(page, title);
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect(toasts(page)).toContainText("Your phone's storage is full");
  await expect(toasts(page)).toContainText('Free some space');
  await expect(page.getByRole('button', { name: 'Submit Listing' })).toBeEnabled();
  // What was typed is still there, on screen and on the device, and not marked as sent.
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel('Title *')).toHaveValue(title);
  const drafts = await readStore<StoredDraft>(page, 'efie-drafts', 'drafts');
  expect(drafts.map((draft) => [draft.fields.title, draft.queuedItemId])).toEqual([[title, undefined]]);
});
