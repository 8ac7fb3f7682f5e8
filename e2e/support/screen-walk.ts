import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, type Response } from '@playwright/test';

// The screen-by-screen check (issue 28): what the walk watches on a screen while it
// loads (console errors, failed requests, error answers) and what it measures once the
// screen has settled (horizontal overflow, text past its box, colour contrast).

/**
 * An error answer or failed request a screen is expected to meet, and why: `'aborted'` is
 * a request the app itself cancelled (net::ERR_ABORTED), `'failed'` any failed request.
 */
export type Allowance = { status: number | 'failed' | 'aborted'; url: RegExp; reason: string };

export type Watch = { problems: string[]; settled: () => Promise<void> };

const path = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * Starts watching a page before it loads: console errors, uncaught errors, requests that
 * failed, and answers of 400 or more, less the `allowed` ones. `settled()` waits until no
 * request has been in flight for a moment and no spinner shows.
 */
export function watchScreen(page: Page, allowed: readonly Allowance[]): Watch {
  const problems: string[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  const allows = (status: Allowance['status'], url: string) =>
    allowed.some((a) => a.status === status && a.url.test(path(url)));
  const allowedAnswers = new Set<string>();

  page.on('request', (request) => {
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const done = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (request) => {
    done(request);
    const failure = request.failure()?.errorText ?? 'failed';
    const aborted = failure === 'net::ERR_ABORTED' && allows('aborted', request.url());
    // Chromium now and then cancels a second fetch of one of the app's own scripts (a module
    // preload raced by the import that needed it; seen once in a clean-clone CI run, 3 scripts
    // of 224 screens): the module still runs. A script that really fails to load fails with
    // another error or an error answer, and a lazy chunk's failed import throws in the page:
    // both are still reported.
    const duplicateScript = failure === 'net::ERR_ABORTED' && /^\/assets\/[\w-]+\.js$/.test(path(request.url()));
    if (!aborted && !duplicateScript && !allows('failed', request.url()))
      problems.push(`request failed: ${request.method()} ${path(request.url())} (${failure})`);
  });
  page.on('response', (response: Response) => {
    if (response.status() < 400) return;
    if (allows(response.status(), response.url())) allowedAnswers.add(response.url());
    else problems.push(`answer ${response.status()}: ${response.request().method()} ${path(response.url())}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The browser's own line for an error answer: judged above, by the answer.
    if (/^Failed to load resource: the server responded with a status of \d+/.test(message.text())) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));

  return {
    problems,
    async settled() {
      await page.waitForLoadState('load');
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - lastActivity >= 300, {
          message: 'no request in flight for 300 ms',
          intervals: [50],
          timeout: 15_000,
        })
        .toBe(true);
      await expect(page.locator('.animate-spin:visible'), 'no spinner left on screen').toHaveCount(0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    },
  };
}

/**
 * Loads every picture now, the lazy ones below the fold too, and waits until each has
 * loaded or failed (a failed one is a failed request): the full-page screenshot then
 * shows the photos, not grey boxes.
 */
export async function loadAllImages(page: Page) {
  await page.evaluate(() => {
    for (const image of document.querySelectorAll('img[loading="lazy"]')) (image as HTMLImageElement).loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)), {
      message: 'every picture loaded',
      intervals: [50],
      timeout: 15_000,
    })
    .toBe(true);
}

export type LayoutProblem = { what: string; where: string; text: string; scrollWidth: number; clientWidth: number };

/**
 * The page wider than the screen, and text wider than its own box: an element with text
 * of its own whose content overflows it while it shows what overflows (overflow visible).
 * Elements that clip or scroll on purpose (overflow hidden, auto, scroll, clip; so text
 * truncated with an ellipsis too), inline boxes, form fields and anything not shown are
 * left out.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const found: LayoutProblem[] = [];
    const describeElement = (element: Element) => {
      const parts: string[] = [];
      for (
        let node: Element | null = element;
        node && node !== document.body && parts.length < 4;
        node = node.parentElement
      ) {
        const id = node.id ? `#${node.id}` : '';
        const classes =
          typeof node.className === 'string'
            ? node.className
                .trim()
                .split(/\s+/)
                .filter(Boolean)
                .slice(0, 3)
                .map((c) => `.${CSS.escape(c)}`)
                .join('')
            : '';
        parts.unshift(`${node.tagName.toLowerCase()}${id}${classes}`);
      }
      return parts.join(' > ');
    };
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      found.push({
        what: 'page wider than the screen',
        where: 'html',
        text: '',
        scrollWidth: root.scrollWidth,
        clientWidth: window.innerWidth,
      });
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('svg, [aria-hidden="true"], input, textarea, select, video, canvas')) continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
      );
      if (!ownText) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents' || style.visibility !== 'visible') continue;
      if (style.overflowX !== 'visible') continue;
      if (element.getClientRects().length === 0) continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      found.push({
        what: 'text wider than its box',
        where: describeElement(element),
        text: (element.textContent ?? '').trim().slice(0, 60),
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      });
    }
    return found;
  });
}

type ContrastData = {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
  messageKey?: string;
};

/**
 * axe's color-contrast rule on what the screen shows now: each failing node, its colours
 * and ratio. axe files text the same colour as its background (1:1) under "needs review"
 * (it might be hidden on purpose), not as a violation: here it fails too, as it is what
 * makes a control invisible (white on white). Its other "needs review" cases (text over
 * an image or a gradient, too short to judge) are left to the screenshots. `include`: only
 * what this selector matches.
 */
export async function contrastProblems(page: Page, include?: string): Promise<string[]> {
  // options() replaces every option, withRules() included: it comes first. Passes are not detailed (faster).
  const axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations', 'incomplete'] })
    .withRules(['color-contrast']);
  const results = await (include === undefined ? axe : axe.include(include)).analyze();
  const contrast = (list: typeof results.violations) =>
    list.filter((result) => result.id === 'color-contrast').flatMap((result) => result.nodes);
  const sameColour = contrast(results.incomplete).filter(
    (node) => (node.any[0]?.data as ContrastData | undefined)?.messageKey === 'equalRatio',
  );
  return [...contrast(results.violations), ...sameColour].map((node) => {
    const data = node.any[0]?.data as ContrastData | undefined;
    const text = />([^<]{1,40})</.exec(node.html)?.[1]?.trim() ?? '';
    return `${node.target.join(' ')} "${text}": ${data?.fgColor ?? '?'} on ${data?.bgColor ?? '?'} = ${data?.contrastRatio ?? '?'}:1 (needs ${data?.expectedContrastRatio ?? '4.5:1'})`;
  });
}
