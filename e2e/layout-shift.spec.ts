import { expect, test, type Page } from '@playwright/test';
import { appReady, saveScreenshot } from './support/fixtures.ts';
import { controlledByServiceWorker } from './support/offline.ts';

// Issue 31, no layout shift: what fills in later keeps its place from the first paint. A first visit
// arrives drawn by the server (ADR 280) with its data; the installed app draws its cached shell and
// the results arrive after. Before, the footer drawn at the foot of the screen jumped down when they
// did (Lighthouse measured CLS 0.423 on /search?location=Accra).

test.use({ viewport: { width: 360, height: 740 } });

/** The page's cumulative layout shift so far, as the browser's layout-shift entries add it up (none after input). */
const cumulativeShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are handed over in the observer's first task: read the sum after it.
        setTimeout(() => resolve(total), 100);
      }),
  );

/** A phone's slow signal: the page is drawn well before the listings arrive (held here 1.5 s). */
const slowListings = (page: Page) =>
  page.route(/\/api\/properties\/(search|featured)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });

const shotName = (path: string) => `layout-shift-${path === '/' ? 'home' : path.slice(1).replace(/[^a-z]+/gi, '-')}`;

for (const path of ['/search?location=Accra', '/search', '/']) {
  test(`${path}: a first visit arrives drawn by the server, and nothing shifts as the app takes over`, async ({
    page,
  }) => {
    await slowListings(page);
    await page.goto(path);
    if (path.startsWith('/search')) await expect(page.getByText(/ found$/)).toBeVisible();
    await appReady(page);
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, shotName(path));
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.05);
  });

  test(`${path}: drawn by the installed app from its cached shell, nothing shifts as the data arrives`, async ({
    page,
  }) => {
    await page.goto('/support');
    await controlledByServiceWorker(page);
    await slowListings(page);
    await page.goto(path);
    if (path.startsWith('/search')) {
      await expect(page.getByText('Searching…')).toBeVisible();
      await saveScreenshot(page, `${shotName(path)}-waiting`);
      await expect(page.getByText(/ found$/)).toBeVisible({ timeout: 15_000 });
    }
    await page.waitForLoadState('networkidle');
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.05);
  });
}
