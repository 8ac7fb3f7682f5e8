import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** No serious or critical axe violation on what the page shows now. */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe on ${screen}`).toEqual([]);
}

/** Nothing on the page is wider than its screen (the viewport). */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width;
  expect(width, 'a page with a viewport').toBeDefined();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(
    width!,
  );
}

/**
 * Phone-sized screenshots. A test run keeps them under test-results/ (ignored by git);
 * `npm run screenshots` points SCREENSHOTS_DIR at docs/screenshots to refresh the README's.
 */
export async function saveScreenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The newest 6-digit code the dev outbox holds for an address. */
export async function outboxCode(request: APIRequestContext, to: string): Promise<string> {
  let lastBody = '';
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        lastBody = await response.text();
        code = response.ok() ? /\b(\d{6})\b/.exec(lastBody)?.[1] : undefined;
        return code !== undefined;
      },
      { message: `a code in the outbox for ${to}`, timeout: 5_000 },
    )
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nthe outbox answered: ${lastBody.slice(0, 300)}`);
    });
  return code!;
}

let counter = 0;
/** A unique suffix, so journeys never collide with seeded or earlier accounts. */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A Ghanaian mobile number nobody else in this run has. */
export const uniquePhone = () => `+23324${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 13);

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the account menu: the slide-in panel on a phone, the avatar menu on a desktop. */
export async function openAccountMenu(page: Page) {
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  else await page.getByRole('button', { name: 'Open user menu' }).click();
}

/** The toast on screen (Radix also keeps a hidden copy for screen readers, outside this region). */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/**
 * Stops the page's clock (installed with page.clock.install() before the page loaded):
 * from now on its timers fire only when the test moves time on, so a screen's "after N
 * seconds" is tested without waiting for it.
 */
export async function stopClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1_000);
}

/**
 * Waits for a locator on a stopped clock, moving time on 20 ms between looks: the app's
 * own timers (the router's minimum pending time, React Query's zero-delay batching) still
 * run, and the page's time moves on by little more than it took the locator to appear.
 */
export async function expectVisibleOnStoppedClock(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        if (await locator.isVisible()) return true;
        await page.clock.runFor(20);
        return locator.isVisible();
      },
      { timeout: 15_000, intervals: [0] },
    )
    .toBe(true);
}

/** On a stopped clock: the page is still where it was halfway to `ms`, and at `url` just after `ms`. */
export async function expectRedirectAfter(page: Page, ms: number, url: RegExp) {
  const from = page.url();
  await page.clock.runFor(ms / 2);
  await expect(page, `not yet redirected ${ms / 2} ms on`).toHaveURL(from);
  await page.clock.runFor(ms / 2 + 100);
  await expect(page).toHaveURL(url);
}

/**
 * Waits until the app runs on the page. A page the server drew (home, a search, a listing: ADR 280)
 * is readable, and its links work, before the app's scripts load after it; its buttons work after.
 */
export async function appReady(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}
