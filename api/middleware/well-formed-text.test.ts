import { describe, expect, it } from 'vitest';
import type { Database } from '../../events/store/sql.ts';
import { createAdmin, registerUser, registerVerifiedUser, TEST_PASSWORD } from '../../testing/accounts.ts';
import { newVisitorId } from '../../testing/analytics.ts';
import { expectError } from '../../testing/errors.ts';
import { createListing, listingBody } from '../../testing/listings.ts';
import { providerBody, registerProvider } from '../../testing/service-providers.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

// CONTRACT.md "Text": a NUL or a lone surrogate in any string of a request is a 400 naming the
// field, never a 500 (PostgreSQL refuses both in jsonb, where events are stored), and changes nothing.

const database = useMigratedDatabase();
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const MARK = '@@fault@@';
/** The faults as they travel in JSON text: JSON.parse makes a NUL and a lone high surrogate of them. */
const FAULTS = { nul: '\\u0000', 'lone surrogate': '\\ud800' } as const;

/** Every table's rows, hashed: equal before and after means nothing was written. */
async function fingerprint(db: Database): Promise<string> {
  const tables = await db.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by 1`,
  );
  const parts = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = await db.query<{ h: string | null }>(
        `select md5(string_agg(t::text, '|' order by t::text)) as h from ${name} t`,
      );
      return `${name}:${row!.h}`;
    }),
  );
  return parts.join(',');
}

/** Paths of every string leaf of a JSON value, as the contract names fields (`views.0.pageUrl`). */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, String(i)]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, item]) => stringPaths(item, [...path, k]));
  return [];
}

/** The body as JSON text with `fault` (raw JSON escape text) inside the string at `path`. */
function withFault(body: unknown, path: string[], fault: string): string {
  const copy = structuredClone(body) as Record<string, unknown>;
  let parent: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  parent[last] = `${String(parent[last]).slice(0, 2)}${MARK}${String(parent[last]).slice(2)}`;
  return JSON.stringify(copy).replace(MARK, fault);
}

async function setUp() {
  const testApp = await createTestApp(database());
  const { app } = testApp;
  const anonymous = createClient(app);
  const user = createClient(app);
  const registered = await registerVerifiedUser(app, user, { userType: 'owner' });
  const listing = await createListing(user);
  const admin = createClient(app);
  await createAdmin(testApp, admin);
  const provider = await registerProvider(user);
  return { ...testApp, clients: { anonymous, user, admin }, registered, listing, provider };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
type JsonCase = {
  as: keyof Setup['clients'];
  method: string;
  path: (s: Setup) => string;
  body: (s: Setup) => unknown;
  headers?: Record<string, string>;
};

/** Every route that takes JSON, with a body it would accept: each of its strings in turn gets the fault. */
const JSON_ROUTES: Record<string, JsonCase> = {
  'register by e-mail': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/auth/register',
    body: () => ({
      firstName: 'Ama',
      lastName: 'Mensah',
      userType: 'renter',
      password: TEST_PASSWORD,
      registrationMethod: 'email',
      email: 'ama.fresh@example.com',
    }),
  },
  'register by phone': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/auth/register',
    body: () => ({
      firstName: 'Kofi',
      lastName: 'Boateng',
      userType: 'owner',
      password: TEST_PASSWORD,
      registrationMethod: 'phone',
      phone: '+233241112233',
      businessName: 'Kofi Homes',
    }),
  },
  'sign in': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/auth/login',
    body: (s) => ({ email: s.registered.email, password: TEST_PASSWORD }),
  },
  'forgot password': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/auth/forgot-password',
    body: (s) => ({ email: s.registered.email }),
  },
  'reset password': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/auth/reset-password',
    body: () => ({ token: 'abcdefabcdef', newPassword: 'a-new-password' }),
  },
  profile: {
    as: 'user',
    method: 'PUT',
    path: () => '/api/auth/profile',
    body: () => ({
      firstName: 'Ama',
      lastName: 'Mensah',
      businessName: 'Ama Lettings',
      licenseNumber: 'GH-12345',
      currentPassword: TEST_PASSWORD,
      email: 'ama.new@example.com',
    }),
  },
  'change password': {
    as: 'user',
    method: 'PUT',
    path: () => '/api/auth/change-password',
    body: () => ({
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-password',
      confirmPassword: 'another-password',
    }),
  },
  'verify e-mail code': {
    as: 'user',
    method: 'POST',
    path: () => '/api/auth/verify-email-code',
    body: () => ({ code: '123456' }),
  },
  'create listing': {
    as: 'user',
    method: 'POST',
    path: () => '/api/properties',
    body: () => listingBody({ amenities: ['wifi'], location: 'East Legon' }),
  },
  'update listing': {
    as: 'user',
    method: 'PUT',
    path: (s) => `/api/properties/${s.listing.id}`,
    body: () => ({
      title: 'A new title',
      description: 'New words',
      address: '1 Oxford Street',
      city: 'Accra',
      amenities: ['wifi'],
    }),
  },
  'support message': {
    as: 'user',
    method: 'POST',
    path: () => '/api/support/message',
    body: () => ({
      name: 'Ama',
      email: 'ama@example.com',
      subject: 'Help',
      category: 'general',
      message: 'My listing is stuck',
    }),
  },
  'contact message': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/contact/message',
    body: () => ({
      firstName: 'Yaw',
      lastName: 'Owusu',
      contactMethod: 'email',
      email: 'yaw@example.com',
      phone: '0241234567',
      userType: 'tenant',
      subject: 'Hello',
      message: 'A question',
    }),
  },
  'provider registration': {
    as: 'user',
    method: 'POST',
    path: () => '/api/service-providers',
    body: () => providerBody(),
  },
  'provider decision': {
    as: 'admin',
    method: 'PATCH',
    path: (s) => `/api/service-providers/${s.provider.id}/status`,
    body: () => ({ status: 'approved' }),
  },
  'photo upload (JSON)': {
    as: 'user',
    method: 'POST',
    path: () => '/api/upload/property-images',
    body: () => ({ images: ['data:image/png;base64,iVBORw0KGgo='] }),
  },
  'grant admin': {
    as: 'admin',
    method: 'POST',
    path: () => '/api/admin/admins',
    body: (s) => ({ email: s.registered.email }),
  },
  'admin password': {
    as: 'admin',
    method: 'POST',
    path: () => '/api/admin/change-password',
    body: () => ({
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-password',
      confirmPassword: 'another-password',
    }),
  },
  'reorder featured': {
    as: 'admin',
    method: 'POST',
    path: () => '/api/admin/reorder-featured-properties',
    body: (s) => ({ propertyOrders: [{ id: s.listing.id, featuredOrder: 1 }] }),
  },
  'beacon, one view': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/analytics/track-visitor',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
    body: () => ({ visitorId: newVisitorId(), pageUrl: '/search?location=Accra', pageTitle: 'Search' }),
  },
  'beacon, a batch': {
    as: 'anonymous',
    method: 'POST',
    path: () => '/api/analytics/track-visitor',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE },
    body: () => ({
      visitorId: newVisitorId(),
      views: [
        { pageUrl: '/', pageTitle: 'Efie' },
        { pageUrl: '/search', pageTitle: 'Search' },
      ],
    }),
  },
};

describe('well-formed text at every door', () => {
  it('answers 400 naming the field to a NUL or a lone surrogate in any string of any JSON body, and writes nothing', async () => {
    const s = await setUp();
    const before = await fingerprint(s.deps.db);
    const seen: string[] = [];
    for (const [name, route] of Object.entries(JSON_ROUTES)) {
      const body = route.body(s);
      for (const field of stringPaths(body)) {
        for (const [faultName, fault] of Object.entries(FAULTS)) {
          const res = await s.clients[route.as].request(route.path(s), {
            method: route.method,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '8.8.8.8', ...route.headers },
            body: withFault(body, field, fault),
          });
          const answer = await expectError(res, 400, 'invalid_input');
          expect(answer.issues, `${name}: ${faultName} in ${field.join('.')}`).toContainEqual({
            path: field.join('.'),
            message: expect.stringMatching(faultName === 'nul' ? /NUL/ : /surrogate/),
          });
          seen.push(`${name} ${field.join('.')}`);
        }
      }
    }
    await s.deps.pageViews.flush();
    expect(await fingerprint(s.deps.db)).toBe(before);
    // Every route of the table was tried, with its free-text fields among them.
    expect(seen).toEqual(
      expect.arrayContaining([
        'register by e-mail firstName',
        'create listing description',
        'beacon, a batch views.1.pageUrl',
        'contact message message',
      ]),
    );
  });

  it('names a faulty field name too, and a fault in a field the schema ignores', async () => {
    const s = await setUp();
    const res = await s.clients.anonymous.request('/api/contact/message', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":"Yaw","lastName":"Owusu","email":"yaw@example.com","userType":"tenant","subject":"Hi","message":"Hi","x\\ud800":"1","extra":"a\\u0000"}',
    });
    const answer = await expectError(res, 400, 'invalid_input');
    expect(answer.issues).toEqual([
      { path: 'x\\ud800', message: expect.stringMatching(/field name .*surrogate/) },
      { path: 'extra', message: expect.stringMatching(/NUL/) },
    ]);
  });

  it('answers 400 to a NUL (%00) in a query value or a path, on every kind of route, and writes nothing', async () => {
    const s = await setUp();
    const before = await fingerprint(s.deps.db);
    const cases: [keyof Setup['clients'], string, string, string][] = [
      ['anonymous', 'GET', '/api/properties/search?location=Ac%00cra', 'location'],
      ['user', 'GET', '/api/service-providers?area=Te%00ma', 'area'],
      ['admin', 'GET', '/api/admin/properties?search=x%00', 'search'],
      ['admin', 'GET', '/api/admin/messages?status=all&page=1%00', 'page'],
      ['anonymous', 'GET', `/api/properties/${s.listing.id}%00`, 'path'],
      ['user', 'POST', `/api/favorites/${s.listing.id}%00`, 'path'],
      ['admin', 'POST', `/api/admin/properties/${s.listing.id}%00/approve`, 'path'],
      ['admin', 'DELETE', '/api/admin/admins/a%00b', 'path'],
      ['admin', 'GET', '/api/user/download-video/x%00.mp4', 'path'],
    ];
    for (const [as, method, path, field] of cases) {
      const answer = await expectError(await s.clients[as].request(path, { method }), 400, 'invalid_input');
      expect(answer.issues, `${method} ${path}`).toContainEqual({ path: field, message: expect.stringMatching(/NUL/) });
    }
    expect(await fingerprint(s.deps.db)).toBe(before);
  });

  it('answers 400 to a NUL in a multipart text field of a video upload, and stores nothing', async () => {
    const s = await setUp();
    const before = await fingerprint(s.deps.db);
    const form = new FormData();
    form.append('propertyId', `${s.listing.id}\u0000`);
    form.append('videos', new Blob([new Uint8Array(64)], { type: 'video/mp4' }), 'tour.mp4');
    const answer = await expectError(
      await s.clients.user.request('/api/upload/property-videos', { method: 'POST', body: form }),
      400,
      'invalid_input',
    );
    expect(answer.issues).toContainEqual({ path: 'propertyId', message: expect.stringMatching(/NUL/) });
    expect(await fingerprint(s.deps.db)).toBe(before);
  });

  it('still takes text in any script, emoji included', async () => {
    const s = await setUp();
    const res = await s.clients.user.request('/api/properties', {
      method: 'POST',
      json: listingBody({ title: 'Ɔdan fɛfɛ 🏡 near 東京', description: 'Akwaaba! 😀' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { title: string }).title).toBe('Ɔdan fɛfɛ 🏡 near 東京');
    const registered = await registerUser(createClient(s.app), { firstName: 'Ẹ̀kọ́', lastName: 'Ñandú' });
    expect(registered.user.firstName).toBe('Ẹ̀kọ́');
  });
});
