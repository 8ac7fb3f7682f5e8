import { expect, request, test, type Page } from '@playwright/test';
import type { PropertyPage } from '../api/contract/properties.schema.ts';
import { SESSION_HINT_COOKIE } from '../api/contract/session-hint.ts';
import { SEED_PASSWORD, SEED_RENTER_EMAIL } from '../scripts/seed/seed.ts';
import { openAccountMenu, signIn } from './support/fixtures.ts';

// Issue 31, no wasted round trips: an anonymous first visit makes no call that is bound to fail,
// and no page logs a console error. Whether a session may exist is read from the session
// cookie's readable companion (api/contract/session-hint.ts), not asked of the server.

test.use({ viewport: { width: 360, height: 740 } });

/** What the page logs as errors, and every GET /api/auth/user it sends with the answer it got. */
function watch(page: Page) {
  const errors: string[] = [];
  const asked: number[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/user') asked.push(response.status());
  });
  return { errors, asked };
}

const hintOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === SESSION_HINT_COOKIE)?.value;

test('an anonymous first visit asks nobody who is signed in, and logs no error', async ({ page }) => {
  const { errors, asked } = watch(page);
  const found = (await (
    await page.request.get('/api/properties/search?location=Accra&limit=1')
  ).json()) as PropertyPage;
  for (const path of ['/', '/search?location=Accra', `/property/${found.properties[0]!.id}`, '/services', '/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('signed in, the app still knows who; a hint whose session ended elsewhere is dropped after one answer', async ({
  page,
  context,
  baseURL,
}) => {
  const { errors, asked } = watch(page);
  await signIn(page, SEED_RENTER_EMAIL, SEED_PASSWORD);
  expect(await hintOf(page)).toBe('1');
  await page.reload();
  await openAccountMenu(page);
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);

  // The session ends elsewhere (signed out from another place with the same cookie); the phone keeps both cookies.
  const token = (await context.cookies()).find((cookie) => cookie.name === 'efie_session')!.value;
  const elsewhere = await request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { cookie: `efie_session=${token}` },
  });
  expect((await elsewhere.post('/api/auth/logout')).ok()).toBe(true);
  await elsewhere.dispose();
  expect(await hintOf(page)).toBe('1');
  // What the phone remembered of who was signed in is gone too, so the app asks once: 401, and the hint goes.
  await page.evaluate(() => indexedDB.deleteDatabase('efie-query-cache'));
  asked.length = 0;
  await page.goto('/search');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => hintOf(page)).toBeUndefined();
  expect(asked).toEqual([401]);
  await page.goto('/services');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([401]);
});
