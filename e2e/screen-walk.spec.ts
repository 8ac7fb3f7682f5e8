import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { APP_ROUTES } from '../api/contract/app-routes.ts';
import type { ApprovedVideo } from '../api/contract/videos.schema.ts';
import { SEED_HOST_EMAIL, SEED_PASSWORD, SEED_RENTER_EMAIL } from '../scripts/seed/seed.ts';
import { signIn } from './support/api.ts';
import { contrastProblems, layoutProblems, loadAllImages, watchScreen, type Allowance } from './support/screen-walk.ts';

// The screen-by-screen check (issue 28): every route of the app at 360×740, signed out, as
// the seed's renter, as its first host (who owns the first featured listing and its video)
// and as the run's admin, on the seeded data. A screen fails on a page wider than the
// screen, text wider than its box, axe's colour-contrast rule, a console error, a failed
// request or an error answer it is not expected to meet (ALLOWED). Each screen's picture
// is written to test-results/screen-walk/<role>--<screen>.png for a person to look at.

// The screens look the same on both databases: CI's PostgreSQL run skips the walk.
test.skip(process.env.TEST_DB === 'postgres', 'the walk runs once, on the PGlite run');
// Each screen writes its own picture and names its own problems: no trace or failure screenshot needed.
test.use({ trace: 'off', screenshot: 'off' });

const ROLES = ['visitor', 'renter', 'host', 'admin'] as const;
type Role = (typeof ROLES)[number];

type Ids = { listing: string; conversation: string };

type Screen = {
  /** The route of pwa/routes/ the screen is (api/contract/app-routes.ts), or what else it shows. */
  route: string;
  /** The address opened; the route itself when absent. */
  open?: (ids: Ids) => string;
  /** Where a role lands when the screen sends it elsewhere; the address opened otherwise. */
  lands?: Partial<Record<Role, RegExp>>;
};

const SCREENS: Screen[] = [
  { route: '/' },
  { route: '/account-settings' },
  { route: '/admin-image-approval', lands: Object.fromEntries(ROLES.map((r) => [r, /\/admin\/image-approval$/])) },
  { route: '/admin-service-approval', lands: Object.fromEntries(ROLES.map((r) => [r, /\/admin\/service-approval$/])) },
  { route: '/admin/image-approval' },
  { route: '/admin/service-approval' },
  { route: '/admin/video-management' },
  { route: '/contact' },
  { route: '/contact-landlord/$id', open: ({ listing }) => `/contact-landlord/${listing}` },
  { route: '/dashboard', lands: { visitor: /\/$/ } },
  { route: '/forgot-password' },
  { route: '/host-dashboard', lands: { visitor: /\/login$/ } },
  { route: '/images-pending-approval', open: ({ listing }) => `/images-pending-approval?propertyId=${listing}` },
  { route: '/list-property', lands: { visitor: /\/login$/ } },
  { route: '/listing-payment' },
  { route: '/login' },
  { route: '/messages', lands: { visitor: /\/login$/ } },
  {
    route: '/messages/$id',
    open: ({ conversation }) => `/messages/${conversation}`,
    lands: { visitor: /\/login$/ },
  },
  { route: '/privacy-policy' },
  { route: '/property/$id', open: ({ listing }) => `/property/${listing}` },
  // Only its owner (the host) edits a listing: the others are sent away, admins too (spec part 1: "not the owner").
  {
    route: '/property/$id/edit',
    open: ({ listing }) => `/property/${listing}/edit`,
    lands: { visitor: /\/login$/, renter: /\/dashboard$/, admin: /\/dashboard$/ },
  },
  { route: '/register' },
  { route: '/reset-password', open: () => '/reset-password?token=walk.token' },
  { route: '/search' },
  { route: '/services' },
  { route: '/services?view=directory', lands: { visitor: /\/register\?action=services$/ } },
  { route: '/support' },
  { route: '/terms-of-service' },
  { route: '/user/videos' },
  { route: '/verify-email' },
  { route: '/verify-phone' },
  { route: 'not found', open: () => '/no-such-screen' },
];

/** Error answers and failed requests a screen meets by design, each with its reason. */
const ALLOWED: Partial<Record<Role, Allowance[]>> = {
  visitor: [
    {
      status: 401,
      url: /^\/api\/auth\/user$/,
      reason: 'nobody is signed in: the app asks who is, and reads 401 as "signed out"',
    },
  ],
};
/**
 * A screen that sends the person elsewhere may have started a request first: the listing
 * cached from its page says at once that it is not theirs to edit, while the refresh of that
 * cached copy is on its way. Leaving the screen cancels what nobody needs any more (TanStack
 * Query aborts a query whose last observer is gone), which saves a phone the bytes.
 */
const SENT_AWAY: Allowance[] = [
  {
    status: 'aborted',
    url: /^\/api\//,
    reason: 'the screen sent the person elsewhere and the app cancelled the request it no longer needs',
  },
];
/** The admin screens ask the server, which refuses whoever is not an admin: the screen then shows Access Denied. */
const refusedUnlessAdmin = (url: RegExp): Allowance[] => [
  {
    status: 401,
    url,
    reason: 'signed out: the server refuses, and the screen shows Access Denied (permissions live on the server)',
  },
  {
    status: 403,
    url,
    reason: 'not an admin: the server refuses, and the screen shows Access Denied (permissions live on the server)',
  },
];
/** What an admin screen asking `url` meets as each role that is not an admin. */
const adminScreen = (url: RegExp): Partial<Record<Role, Allowance[]>> => ({
  visitor: refusedUnlessAdmin(url),
  renter: refusedUnlessAdmin(url),
  host: refusedUnlessAdmin(url),
});
const ALLOWED_ON: Record<string, Partial<Record<Role, Allowance[]>>> = {
  // The walk's thread is between the seed's renter and host: to the admin it does not exist.
  '/messages/$id': {
    admin: [
      {
        status: 404,
        url: /^\/api\/conversations\/[^/?]+$/,
        reason: 'an admin takes no part in the thread: the server hides it (404), and the screen says it was not found',
      },
    ],
  },
  '/admin-image-approval': adminScreen(/^\/api\/admin\/properties\?/),
  '/admin/image-approval': adminScreen(/^\/api\/admin\/properties\?/),
  '/admin-service-approval': adminScreen(/^\/api\/service-providers\?/),
  '/admin/service-approval': adminScreen(/^\/api\/service-providers\?/),
  '/host-dashboard': {
    visitor: [
      {
        status: 401,
        url: /^\/api\/user\/properties$/,
        reason:
          'the route prefetches the person\'s listings before it knows who is signed in; a visitor is then told "You are logged out" and sent to /login',
      },
    ],
  },
  'not found': Object.fromEntries(
    ROLES.map((role) => [
      role,
      [
        {
          status: 404,
          url: /^\/no-such-screen$/,
          reason: 'an address that is no screen is answered 404, and the app shows its not-found screen',
        },
      ],
    ]),
  ),
};

/** "renter--admin.image-approval" for /admin/image-approval, "renter--admin-image-approval" for /admin-image-approval. */
const fileName = (role: Role, route: string) =>
  `${role}--${
    route
      .replace(/^\//, '')
      .replace(/\$/g, '')
      .replace(/\//g, '.')
      .replace(/[^a-z0-9.-]+/gi, '-')
      .replace(/^-|-$/g, '') || 'home'
  }`;

test('the walk covers every route of the app', () => {
  expect(
    SCREENS.map((s) => s.route)
      .filter((r) => r.startsWith('/') && !r.includes('?'))
      .sort(),
  ).toEqual([...APP_ROUTES].sort());
});

/** The host's listing with the seed's video (its page, contact, edit and review screens): asked once per worker, not per role. */
let hostListing: Promise<Ids> | undefined;
const walkIds = (browser: Browser, baseURL: string) =>
  (hostListing ??= (async () => {
    const host = await roleContext(browser, baseURL, 'host');
    const videos = (await (await host.request.get('/api/user/approved-videos')).json()) as { videos: ApprovedVideo[] };
    await host.close();
    const listing = videos.videos.find((v) => v.propertyId)?.propertyId;
    expect(listing, 'the seed’s video is on a listing of its host').toBeTruthy();
    // A thread of the seed's renter with that host, for the Messages screens.
    const renter = await roleContext(browser, baseURL, 'renter');
    const started = await renter.request.post(`/api/properties/${listing}/conversations`, {
      data: { text: 'Hello, is this place still available?' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    await renter.close();
    mkdirSync('test-results/screen-walk', { recursive: true });
    return { listing: listing!, conversation: conversationId };
  })());

async function roleContext(browser: Browser, baseURL: string, role: Role): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  const account: Record<Role, [string, string] | undefined> = {
    visitor: undefined,
    renter: [SEED_RENTER_EMAIL, SEED_PASSWORD],
    host: [SEED_HOST_EMAIL, SEED_PASSWORD],
    admin: [process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!],
  };
  const credentials = account[role];
  if (credentials) {
    const login = await context.request.post('/api/auth/login', {
      data: { email: credentials[0], password: credentials[1] },
    });
    expect(login.status(), `${role} signs in: ${await login.text()}`).toBe(200);
  }
  return context;
}

for (const role of ROLES) {
  test.describe(role, () => {
    let context: BrowserContext;
    let ids: Ids;

    test.beforeAll(async ({ browser, baseURL }) => {
      context = await roleContext(browser, baseURL!, role);
      ids = await walkIds(browser, baseURL!);
    });

    test.afterAll(async () => {
      await context?.close();
    });

    for (const screen of SCREENS) {
      test(`${role} ${screen.route}`, async () => {
        const page = await context.newPage();
        try {
          const watch = watchScreen(page, [
            ...(ALLOWED[role] ?? []),
            ...(ALLOWED_ON[screen.route]?.[role] ?? []),
            ...(screen.lands?.[role] ? SENT_AWAY : []),
          ]);
          const address = screen.open?.(ids) ?? screen.route;
          await page.goto(address);
          const lands = screen.lands?.[role] ?? new RegExp(`${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
          await expect(page).toHaveURL(lands);
          await watch.settled();
          // Still there once settled: a screen that sends the person away late is caught too.
          await expect(page).toHaveURL(lands);
          await loadAllImages(page);
          await page.screenshot({
            path: `test-results/screen-walk/${fileName(role, screen.route)}.png`,
            fullPage: true,
          });
          expect.soft(await layoutProblems(page), 'nothing wider than the screen or its box').toEqual([]);
          expect.soft(await contrastProblems(page), 'axe color-contrast').toEqual([]);
          expect.soft(watch.problems, 'console errors, failed requests and error answers').toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  });
}

test.describe('the seeded demo a newcomer judges Efie by (issue 28, point 16)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** "GH₵2,350/month" as a month's rent. */
  const monthly = (text: string) => {
    const [, amount, period] = /GH₵([\d,]+)\/(week|month|year)/.exec(text) ?? [];
    expect(amount, `a price per period in "${text}"`).toBeTruthy();
    return (
      Number(amount!.replace(/,/g, '')) * { week: 52 / 12, month: 1, year: 1 / 12 }[period as 'week' | 'month' | 'year']
    );
  };

  test('Ghana’s homes lead, landlords’ numbers are from their listing’s country, and a studio costs a studio’s rent', async ({
    page,
  }) => {
    // Signed in through the API: opening /dashboard within a second of the sign-in screen's answer
    // sends a person to / (issue 28, point 8, fixed elsewhere), which is not what this test is about.
    await signIn(page.request, SEED_RENTER_EMAIL, SEED_PASSWORD);
    await page.goto('/');

    // The home page's featured homes and the renter's Recommended for You are Ghana's.
    const featured = page.getByRole('region', { name: 'Featured Properties' }).getByRole('article');
    await expect(featured).toHaveCount(6);
    for (const card of await featured.all()) await expect(card.getByText(/^[^,]+, Ghana$/)).toBeVisible();
    await page.goto('/dashboard');
    const recommended = page.getByRole('region', { name: 'Recommended for You' }).getByRole('article');
    await expect(recommended).toHaveCount(4);
    for (const card of await recommended.all()) await expect(card.getByText(/^[^,]+, Ghana$/)).toBeVisible();

    // An Accra landlord has a Ghanaian number, a Jamaican one a Jamaican (+1 876) number.
    for (const [place, number] of [
      ['Accra', /^Call \+233\d{9}$/],
      ['Jamaica', /^Call \+1(876|658)\d{7}$/],
    ] as const) {
      await page.goto(`/search?location=${place}`);
      await page.getByRole('article').first().getByRole('link').click();
      await page.getByRole('link', { name: /^Contact (Landlord|Agent)$/ }).click();
      await expect(page).toHaveURL(/\/contact-landlord\//);
      await expect(
        page.getByRole('link', { name: /^Call \+/ }).first(),
        `the landlord of a home in ${place}`,
      ).toHaveText(number);
    }

    // Ghana's studios at a studio's rent whatever their period: GH₵500 a month in a northern town
    // to GH₵4,000 in Accra (the "compact studio" cost GH₵462,100 a year).
    await page.goto('/search?location=Ghana&propertyType=studio');
    const prices = page.getByRole('article').getByText(/^GH₵[\d,]+\/(week|month|year)$/);
    await expect(prices.first()).toBeVisible();
    expect(await prices.count()).toBeGreaterThan(3);
    for (const price of await prices.allTextContents()) {
      expect(monthly(price), price).toBeGreaterThanOrEqual(500);
      expect(monthly(price), price).toBeLessThanOrEqual(4000);
    }
  });
});
