import { expect, request, test, type Page } from '@playwright/test';
import { adminApi, approve, createListing, signIn, signUp } from './support/api.ts';
import { appReady, expectAccessible, expectNoSidewaysScroll, saveScreenshot, unique } from './support/fixtures.ts';
import { answeredRequests, controlledByServiceWorker, offlineIndicator, outboxItems } from './support/offline.ts';

// Conversations between renters and hosts (issue 34, docs/decisions/380): a renter writes to a
// listing's host, offline too, and the message arrives once; the host sees it counted in the
// header, answers, and may block.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const messagesLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages/ });

test('a renter writes to a host offline, the message arrives once, the host answers, and the host blocks', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const host = await request.newContext({ baseURL: baseURL! });
  const hostAccount = await signUp(host, 'owner', 'Kofi');
  const title = `Two rooms near Hohoe market ${unique()}`;
  const listing = await createListing(host, { title });
  const admin = await adminApi(baseURL!);
  await approve(admin, listing.id);
  await admin.dispose();
  await host.dispose();

  // The renter opens the listing and the composer (its code loads on the tap).
  await signUp(page.request, 'renter', 'Ama');
  const started = answeredRequests(context, 'POST', new RegExp(`^/api/properties/${listing.id}/conversations$`));
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Message the host' }).click();
  const composer = page.getByRole('textbox', { name: 'Message to Kofi Tester' });
  await expect(composer).toHaveValue('Hello, is this place still available?');
  await composer.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'conversations-listing-composer');
  await expectNoSidewaysScroll(page);

  // Offline: kept on the phone and shown as sending.
  await context.setOffline(true);
  await expect(offlineIndicator(page)).toBeVisible();
  await composer.fill('Hello, is this place still available? I could come on Saturday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sending…' })).toBeVisible();
  const queued = await outboxItems(page);
  expect(queued).toEqual([
    expect.objectContaining({ kind: 'conversation-message', listingId: listing.id, conversationId: null }),
  ]);

  // Back online: it arrives, once, with the key chosen when Send was pressed.
  await context.setOffline(false);
  await expect(page.getByText('Your message was sent.')).toBeVisible();
  await expect.poll(async () => (await outboxItems(page)).length).toBe(0);
  expect(started).toEqual([queued[0]!.id]);
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const threadPath = new URL(page.url()).pathname;
  await expect(page.getByRole('listitem', { name: 'Your message' })).toContainText('I could come on Saturday.');
  await expect(page.getByRole('note')).toContainText('never pay a viewing fee or a deposit');

  // The host signs in and sees the unread count in the header.
  const hostContext = await browser.newContext({ baseURL: baseURL!, viewport: PHONE });
  const hostPage = await hostContext.newPage();
  await signIn(hostPage.request, hostAccount.email, hostAccount.password);
  await hostPage.goto('/');
  await expect(messagesLink(hostPage)).toHaveAccessibleName('Messages, 1 unread');
  await saveScreenshot(hostPage, 'conversations-header-badge');
  await messagesLink(hostPage).click();
  await expect(hostPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = hostPage.getByRole('link', { name: /Ama/ });
  await expect(row).toContainText(title);
  await expect(row).toContainText('I could come on Saturday.');
  // The time and the unread badge fit on a 360 px screen beside a long last message.
  await expect(row.getByText('1 unread')).toBeInViewport({ ratio: 1 });
  await expect(row.locator('time')).toBeInViewport({ ratio: 1 });
  await saveScreenshot(hostPage, 'conversations-inbox');
  await expectNoSidewaysScroll(hostPage);
  await expectAccessible(hostPage, 'the inbox');

  // Opening the thread reads it; the host answers.
  await row.click();
  await expect(hostPage.getByRole('listitem', { name: 'Message from Ama' })).toContainText('I could come on Saturday.');
  await expect(messagesLink(hostPage)).toHaveAccessibleName('Messages');
  await hostPage.getByRole('textbox', { name: 'Your message' }).fill('Yes, it is. Saturday at 10 is fine.');
  await hostPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(hostPage.getByRole('listitem', { name: 'Your message' })).toContainText('Saturday at 10 is fine.');
  await expect(hostPage.getByRole('textbox', { name: 'Your message' })).toHaveValue('');

  // The renter sees the count and the answer, then writes again offline in the thread.
  await page.goto('/');
  await expect(messagesLink(page)).toHaveAccessibleName('Messages, 1 unread');
  await messagesLink(page).click();
  await page.getByRole('link', { name: /Kofi/ }).click();
  await expect(page.getByRole('listitem', { name: 'Message from Kofi' })).toContainText('Saturday at 10 is fine.');
  await expect(messagesLink(page)).toHaveAccessibleName('Messages');
  const written = answeredRequests(context, 'POST', /^\/api\/conversations\/[^/]+\/messages$/);
  await context.setOffline(true);
  await expect(offlineIndicator(page)).toBeVisible();
  await page.getByRole('textbox', { name: 'Your message' }).fill('Thank you. See you on Saturday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const waiting = page.getByRole('listitem', { name: 'Your message' }).filter({ hasText: 'See you on Saturday.' });
  await expect(waiting).toContainText('Sending…');
  await saveScreenshot(page, 'conversations-thread-sending');
  await expectNoSidewaysScroll(page);
  const [reply] = await outboxItems(page);
  await context.setOffline(false);
  await expect(waiting).not.toContainText('Sending…');
  await expect.poll(async () => (await outboxItems(page)).length).toBe(0);
  await expect(waiting).toHaveCount(1);
  expect(written).toEqual([reply!.id]);
  await expectAccessible(page, 'a thread');

  // The host blocks: the renter can no longer write.
  await hostPage.reload();
  await hostPage.getByRole('button', { name: 'Conversation options' }).click();
  await hostPage.getByRole('menuitem', { name: 'Block' }).click();
  await hostPage.getByRole('button', { name: 'Block this conversation' }).click();
  await expect(hostPage.getByText('You blocked this conversation')).toBeVisible();
  await expect(hostPage.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await page.goto(threadPath);
  await expect(page.getByText('You cannot write here: Kofi has blocked this conversation.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Conversation options' })).toHaveCount(0);
  await hostContext.close();
});

test('a visitor following a notice’s link is sent to sign in', async ({ page }) => {
  await page.goto('/messages/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login$/);
});
