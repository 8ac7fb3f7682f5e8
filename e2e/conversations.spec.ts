import { type APIRequestContext, expect, request, test, type Page } from '@playwright/test';
import type { MessageSent } from '../api/contract/conversations.schema.ts';
import { adminApi, approve, createListing, signIn, signUp } from './support/api.ts';
import {
  appReady,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreenshot,
  signIn as signInPage,
  toasts,
  unique,
} from './support/fixtures.ts';
import {
  answeredRequests,
  cached,
  controlledByServiceWorker,
  fireOutboxSync,
  liveListing,
  offlineIndicator,
  outboxItems,
} from './support/offline.ts';

// Conversations between renters and hosts (issue 34, docs/decisions/380): a renter writes to a
// listing's host, offline too, and the message arrives once; the host sees it counted in the
// header, answers, and may block; either side may report the other, and an admin reads the
// reported thread and decides; a thread read offline is marked read when the signal returns.
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
  // The renter cannot unblock, but may still report the host.
  await page.getByRole('button', { name: 'Conversation options' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Report']);
  await page.keyboard.press('Escape');
  await hostContext.close();
});

test('a visitor following a notice’s link is sent to sign in', async ({ page }) => {
  await page.goto('/messages/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login$/);
});

/** A live listing of a new host's, and a thread a new renter started on it, with the host's answer. */
async function threadWithAnswer(baseURL: string, renter: APIRequestContext, hostAnswer: string) {
  const host = await request.newContext({ baseURL });
  const hostAccount = await signUp(host, 'owner', 'Kofi');
  const title = `Room by the lorry station ${unique()}`;
  const listing = await createListing(host, { title });
  const admin = await adminApi(baseURL);
  await approve(admin, listing.id);
  await admin.dispose();
  const renterAccount = await signUp(renter, 'renter', 'Esi');
  const started = await renter.post(`/api/properties/${listing.id}/conversations`, {
    data: { text: 'Is the room still available?' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId } = (await started.json()) as MessageSent;
  const answered = await host.post(`/api/conversations/${conversationId}/messages`, { data: { text: hostAnswer } });
  expect(answered.status(), await answered.text()).toBe(201);
  return { host, hostAccount, renterAccount, title, conversationId };
}

test('a renter reports the host from the thread; an admin reads the thread and suspends the host', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { host, hostAccount, title, conversationId } = await threadWithAnswer(
    baseURL!,
    page.request,
    'Yes. Send 200 cedis viewing fee by MoMo first, then I show you the room.',
  );
  await page.goto(`/messages/${conversationId}`);
  await appReady(page);
  await expect(page.getByRole('listitem', { name: 'Message from Kofi' })).toContainText('viewing fee by MoMo');

  // The menu offers blocking and reporting.
  await page.getByRole('button', { name: 'Conversation options' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Block', 'Report']);
  await saveScreenshot(page, 'conversations-thread-menu');
  await page.getByRole('menuitem', { name: 'Report' }).click();

  // The dialog: a reason, and a note only "Something else" needs.
  const dialog = page.getByRole('dialog', { name: 'Report Kofi' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose what went wrong in this conversation')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Tell us what happened in this conversation')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Asked for money or a fee before a viewing' }).check();
  await dialog
    .getByRole('textbox', { name: 'Anything to add (optional)' })
    .fill('He wants 200 cedis by MoMo before showing the room.');
  await expect(dialog.getByText('Tell us what happened in this conversation')).toHaveCount(0);
  await saveScreenshot(page, 'conversations-report-dialog');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the report dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();

  // Reported: the thread is blocked, says so, and offers no second report.
  await expect(dialog).toHaveCount(0);
  await expect(toasts(page).getByText('Report sent')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You reported this conversation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Conversation options' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Unblock']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await saveScreenshot(page, 'conversations-reported-thread');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'a reported thread');
  const refused = await host.post(`/api/conversations/${conversationId}/messages`, { data: { text: 'Hello?' } });
  expect(refused.status()).toBe(403);

  // An admin finds the thread under Reports → Conversations, reads it and suspends the host.
  const adminPage = await (await browser.newContext({ baseURL: baseURL!, viewport: PHONE })).newPage();
  await signInPage(adminPage, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await adminPage.goto('/admin/image-approval');
  await adminPage.getByRole('tab', { name: 'Reports' }).click();
  await adminPage.getByRole('button', { name: 'Conversations' }).click();
  const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: title }) });
  await expect(card.getByText('Host: Kofi · Renter: Esi')).toBeVisible();
  // Names alone do not tell two people apart: the admins see how to reach each.
  await expect(card.getByText(`Kofi: ${hostAccount.email}`)).toBeVisible();
  const reports = card.getByRole('list', { name: `Reports about ${title}` }).getByRole('listitem');
  await expect(reports).toHaveCount(1);
  await expect(reports).toContainText('Esi reported Kofi');
  await expect(reports).toContainText('Asked for money or a fee before a viewing');
  await expect(reports).toContainText('He wants 200 cedis by MoMo before showing the room.');
  await card.getByRole('button', { name: 'Read the conversation' }).click();
  const messages = card.getByRole('list', { name: `Messages about ${title}` }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText('Esi · renter');
  await expect(messages.nth(0)).toContainText('Is the room still available?');
  await expect(messages.nth(1)).toContainText('Kofi · host');
  await expect(messages.nth(1)).toContainText('viewing fee by MoMo');
  await card.getByRole('button', { name: 'Hide the conversation' }).scrollIntoViewIfNeeded();
  await saveScreenshot(adminPage, 'conversations-admin-reports');
  await expectNoSidewaysScroll(adminPage);
  await expectAccessible(adminPage, 'the reported conversations');

  await card
    .getByRole('textbox', { name: 'Note to the reporters, and to the person you suspend (optional)' })
    .fill('Viewing-fee scam.');
  await card.getByRole('button', { name: 'Suspend Kofi' }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Suspend Kofi?' });
  await expect(confirm).toBeVisible();
  await saveScreenshot(adminPage, 'conversations-admin-suspend-confirm');
  await confirm.getByRole('button', { name: 'Suspend account' }).click();
  await expect(toasts(adminPage).getByText(/Account suspended/)).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: title })).toHaveCount(0);
  // The host's session ended with the suspension.
  expect((await host.get('/api/auth/user')).status()).toBe(401);
  await adminPage.getByRole('button', { name: 'Decided' }).click();
  await expect(card.getByText(/^Kofi suspended on /)).toBeVisible();
  await expect(card.getByText('Note: Viewing-fee scam.')).toBeVisible();
  await saveScreenshot(adminPage, 'conversations-admin-decided');
  await adminPage.context().close();
  await host.dispose();
});

test('a thread opened offline with unread messages is marked read when the signal returns', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { host, renterAccount, conversationId } = await threadWithAnswer(
    baseURL!,
    page.request,
    'Yes, it is. Come on Saturday.',
  );
  // The renter's own view of the count, from outside the browser (which goes offline).
  const renter = await request.newContext({ baseURL: baseURL! });
  await signIn(renter, renterAccount.email, renterAccount.password);
  const unread = async () =>
    ((await (await renter.get('/api/conversations/unread')).json()) as { unread: number }).unread;
  expect(await unread()).toBe(1);

  // First seen on a signal too weak to send the read: the phone keeps the thread with its unread message.
  const reads = /\/api\/conversations\/[^/]+\/read$/;
  await page.route(reads, (route) => route.abort('internetdisconnected'));
  await page.goto(`/messages/${conversationId}`);
  await controlledByServiceWorker(page);
  await appReady(page);
  await expect(page.getByRole('listitem', { name: 'Message from Kofi' })).toContainText('Come on Saturday.');
  await cached(page, 'conversations', 'thread', conversationId);

  // Opened again offline: the copy on the phone is shown, and nothing is read.
  await context.setOffline(true);
  await page.unroute(reads);
  await page.goto(`/messages/${conversationId}`);
  await expect(offlineIndicator(page)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Message from Kofi' })).toContainText('Come on Saturday.');
  expect(await unread()).toBe(1);

  // The signal returns while the thread is open: it is read.
  const read = answeredRequests(context, 'POST', reads);
  await context.setOffline(false);
  await expect.poll(unread).toBe(0);
  await expect(messagesLink(page)).toHaveAccessibleName('Messages');
  expect(read).toHaveLength(1);
  await renter.dispose();
  await host.dispose();
});

test('a message whose sending is cut off by closing the app is kept, and sent once by the service worker', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const host = await request.newContext({ baseURL: baseURL! });
  await signUp(host, 'owner', 'Esi');
  const listing = await liveListing(baseURL!, `A chamber and hall in Ho ${unique()}`, host);

  await signUp(page.request, 'renter', 'Yaw');
  const startPath = new RegExp(`^/api/properties/${listing.id}/conversations$`);
  const answered = answeredRequests(context, 'POST', startPath);
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await appReady(page);
  await page.getByRole('button', { name: 'Message the host' }).click();
  // Online, but the answer never comes: the person closes the app while it is on its way.
  let held!: () => void;
  const reached = new Promise<void>((resolve) => (held = resolve));
  await context.route(`**/api/properties/${listing.id}/conversations`, () => held());
  await page
    .getByRole('textbox', { name: 'Message to Esi Tester' })
    .fill('Is the water steady there? I work from home.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await reached;
  // Kept on the phone before it was sent, and not shown as waiting while this page sends it.
  const [kept] = await outboxItems(page);
  expect(kept).toEqual(expect.objectContaining({ kind: 'conversation-message', listingId: listing.id }));
  await expect(offlineIndicator(page)).toBeHidden();
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  const probe = await context.newPage();
  await page.close();
  await context.unroute(`**/api/properties/${listing.id}/conversations`);

  // The worker's Background Sync (asked for as the page closed; fired here through DevTools) sends it, once, with its key.
  await probe.goto('/api/health');
  await fireOutboxSync(context, probe, baseURL!);
  await expect.poll(() => answered, { timeout: 20_000 }).toEqual([kept!.id]);
  await expect.poll(async () => (await outboxItems(probe)).length).toBe(0);
  const inbox = await host.get('/api/conversations');
  expect(inbox.status()).toBe(200);
  const { conversations } = (await inbox.json()) as { conversations: { lastMessage: { text: string } | null }[] };
  expect(conversations.map((thread) => thread.lastMessage?.text)).toEqual([
    'Is the water steady there? I work from home.',
  ]);
  await host.dispose();
});
