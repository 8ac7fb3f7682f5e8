import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';

// The first visit of / and /search, measured in the browser: every script the page itself
// downloads, gzip-compressed (the manifest-based check is `npm run test:budget`).
const BUDGET_BYTES = 150 * 1024;
// Texts only admin and host screens contain, and the gazetteer the town field loads.
const FORBIDDEN = [
  'Failed to approve property',
  'Subscribe to List Properties',
  'Submit Listing',
  'Delete this property?',
  'Revoke admin rights?',
  'Visitors and page views per day',
  // The gazetteer of Ghana's towns, imported by the town field only.
  'Duayaw-Nkwanta',
];

for (const path of ['/', '/search']) {
  test(`a first visit of ${path} downloads at most 150 KB of gzip JavaScript and no admin or host code`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL!, serviceWorkers: 'block' });
    const page = await context.newPage();
    // Every script the page asked for is read in full or named as unread: one left out would
    // make the total smaller than what the visitor downloads.
    const reads: Promise<{ url: string; gzip: number; text: string }>[] = [];
    const unread: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // A redirect has no body of its own; the script it leads to is a response of its own.
      if (response.status() >= 300 && response.status() < 400) return;
      reads.push(
        response.body().then(
          (body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') }),
          (error: Error) => {
            unread.push(`${response.url()}: ${error.message}`);
            return { url: response.url(), gzip: 0, text: '' };
          },
        ),
      );
    });
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script')
        unread.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(reads);
    expect(unread, 'every script body was read').toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);

    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzip JS in ${scripts.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    const leaks = scripts.flatMap((script) =>
      FORBIDDEN.filter((marker) => script.text.includes(marker)).map((marker) => `${script.url}: ${marker}`),
    );
    expect(leaks).toEqual([]);
    await context.close();
  });
}
