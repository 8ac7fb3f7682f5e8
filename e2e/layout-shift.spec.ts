import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot } from './support/fixtures.ts';

// Issue 31, no layout shift: what fills in later keeps its place from the first paint. The
// search screen's results arrive after the page is drawn; before, the footer drawn at the foot
// of the screen jumped down when they did (Lighthouse measured CLS 0.423 on /search?location=Accra).

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

for (const path of ['/search?location=Accra', '/search', '/']) {
  test(`${path}: the first visit's layout does not shift as its data arrives`, async ({ page }) => {
    // A phone's slow signal: the page is drawn well before the listings arrive (held here 1.5 s).
    await page.route(/\/api\/properties\/(search|featured)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(path);
    const name = `layout-shift-${path === '/' ? 'home' : path.slice(1).replace(/[^a-z]+/gi, '-')}`;
    if (path.startsWith('/search')) {
      await expect(page.getByText('Searching…')).toBeVisible();
      await saveScreenshot(page, `${name}-waiting`);
      await expect(page.getByText(/ found$/)).toBeVisible({ timeout: 15_000 });
    }
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, name);
    expect(await cumulativeShift(page)).toBeLessThanOrEqual(0.05);
  });
}
