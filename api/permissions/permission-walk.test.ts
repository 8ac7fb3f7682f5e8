import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, uniqueEmail } from '../../testing/accounts.ts';
import { apiRoutes } from '../../testing/api-routes.ts';
import { CLAMSCAN_BIN, makeSignatureDatabase } from '../../testing/clamav.ts';
import { dataUrl, listingBody, samplePhoto } from '../../testing/listings.ts';
import { createPermissionWorld, type Client, type PermissionWorld } from '../../testing/permission-world.ts';
import { providerBody } from '../../testing/service-providers.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { sampleMov, sampleMp4, tusClient, videoForm } from '../../testing/videos.ts';
import { VIDEO_TUS_PATH } from '../contract/videos.schema.ts';
import { createClamscanScanner } from '../videos/clamscan-scanner.ts';
import { PERMISSIONS, ROLES, type Outcome, type Role, type RouteKey } from './permission-table.ts';

// Every route of the app's route table, called as each of the five roles, against the one table
// of who may do what (permission-table.ts). The real app on a test database, files on disk, the
// real clamscan for the videos the fixtures need.

/** Calls one route as one role: the role's own signed-in browser, unless the call needs a session of its own. */
type Call = (w: PermissionWorld, role: Role, client: Client) => Promise<Response>;

const send =
  (method: string, path: (w: PermissionWorld) => string, json?: (w: PermissionWorld, role: Role) => unknown): Call =>
  (w, role, client) =>
    client.request(path(w), { method, ...(json ? { json: json(w, role) } : {}) });

/** Calls that end or replace a session: each on a new session of the role's account. */
const onFreshSession =
  (call: Call): Call =>
  async (w, role) =>
    call(w, role, await w.freshClient(role));

const wrongPassword = {
  currentPassword: 'not-the-password',
  newPassword: 'new-password-9',
  confirmPassword: 'new-password-9',
};
const listing = (w: PermissionWorld) => `/api/properties/${w.listingId}`;
const adminListing = (w: PermissionWorld) => `/api/admin/properties/${w.listingId}`;
const conversation = (w: PermissionWorld) => `/api/conversations/${w.conversationId}`;
const ownerId = (w: PermissionWorld) => w.accounts.owner.user.id;
const tusMeta = (w: PermissionWorld) => ({ filename: 'tour.mp4', filetype: 'video/mp4', propertyId: w.listingId });
/** An upload the call started is cancelled by the owner after it: an account holds only three at a time. */
async function cancelledAfter(w: PermissionWorld, started: Promise<Response>): Promise<Response> {
  const res = await started;
  const location = res.headers.get('location');
  if (res.status === 201 && location) await tusClient(w.clients.owner).cancel(location);
  return res;
}
let photo: string;
let n = 0;

/** How each route is called, where a plain request without a body will not do. */
const CALLS: Partial<Record<RouteKey, Call>> = {
  'POST /api/auth/register': onFreshSession(
    send(
      'POST',
      () => '/api/auth/register',
      () => ({
        firstName: 'Abena',
        lastName: 'Owusu',
        userType: 'renter',
        password: TEST_PASSWORD,
        registrationMethod: 'email',
        email: uniqueEmail('walk'),
      }),
    ),
  ),
  'POST /api/auth/login': onFreshSession(
    send(
      'POST',
      () => '/api/auth/login',
      (w, role) => ({
        registrationMethod: 'email',
        email: w.accounts[role === 'anonymous' ? 'renter' : role].email,
        password: TEST_PASSWORD,
      }),
    ),
  ),
  'POST /api/auth/logout': onFreshSession(send('POST', () => '/api/auth/logout')),
  'PUT /api/auth/profile': send(
    'PUT',
    () => '/api/auth/profile',
    (w, role) => {
      const { user } = w.accounts[role === 'anonymous' ? 'renter' : role];
      return { firstName: user.firstName, lastName: user.lastName };
    },
  ),
  'PUT /api/auth/change-password': send(
    'PUT',
    () => '/api/auth/change-password',
    () => wrongPassword,
  ),
  'POST /api/auth/verify-email-code': send(
    'POST',
    () => '/api/auth/verify-email-code',
    () => ({ code: '000000' }),
  ),
  'POST /api/auth/verify-phone-code': send(
    'POST',
    () => '/api/auth/verify-phone-code',
    () => ({ code: '000000' }),
  ),
  'POST /api/auth/forgot-password': send(
    'POST',
    () => '/api/auth/forgot-password',
    () => ({
      registrationMethod: 'email',
      email: 'nobody@example.com',
    }),
  ),
  'POST /api/auth/reset-password': send(
    'POST',
    () => '/api/auth/reset-password',
    () => ({
      token: `${crypto.randomUUID()}.not-a-secret`,
      newPassword: 'new-password-9',
    }),
  ),
  'POST /api/admin/change-password': send(
    'POST',
    () => '/api/admin/change-password',
    () => wrongPassword,
  ),
  'POST /api/admin/admins': send(
    'POST',
    () => '/api/admin/admins',
    (w) => ({ email: w.secondAdmin.email }),
  ),
  'DELETE /api/admin/admins/:userId': send('DELETE', (w) => `/api/admin/admins/${w.secondAdmin.user.id}`),
  'GET /api/dev/outbox': send('GET', (w) => `/api/dev/outbox?to=${encodeURIComponent(w.accounts.owner.email!)}`),
  'GET /api/properties/search': send('GET', () => '/api/properties/search?location=Accra'),
  'GET /api/properties/:id': send('GET', listing),
  'POST /api/properties': send(
    'POST',
    () => '/api/properties',
    () => listingBody(),
  ),
  'PUT /api/properties/:id': send('PUT', listing, () => ({ title: listingBody().title })),
  // Each deletes a listing of its own.
  'DELETE /api/properties/:id': async (w, _role, client) =>
    client.request(`/api/properties/${await w.liveListing()}`, { method: 'DELETE' }),
  'POST /api/admin/properties/:id/approve': send('POST', (w) => `${adminListing(w)}/approve`),
  'GET /api/admin/properties/:id/contacts': send('GET', (w) => `${adminListing(w)}/contacts`),
  'PATCH /api/admin/properties/:id/visibility': send(
    'PATCH',
    (w) => `${adminListing(w)}/visibility`,
    () => ({
      isActive: true,
    }),
  ),
  'PATCH /api/admin/properties/:id/featured': send(
    'PATCH',
    (w) => `${adminListing(w)}/featured`,
    () => ({
      isFeatured: true,
    }),
  ),
  'DELETE /api/admin/properties/:id': async (w, _role, client) =>
    client.request(`/api/admin/properties/${await w.liveListing()}`, { method: 'DELETE' }),
  'POST /api/admin/reorder-featured-properties': send(
    'POST',
    () => '/api/admin/reorder-featured-properties',
    (w) => ({
      propertyOrders: [{ id: w.listingId, order: 1 }],
    }),
  ),
  'POST /api/admin/outbox/:id/retry': send('POST', (w) => `/api/admin/outbox/${w.failedMessageId}/retry`),
  'POST /api/favorites/:id': send('POST', (w) => `/api/favorites/${w.listingId}`),
  'DELETE /api/favorites/:id': send('DELETE', (w) => `/api/favorites/${w.listingId}`),
  'POST /api/upload/property-images': send(
    'POST',
    () => '/api/upload/property-images',
    () => ({ images: [photo] }),
  ),
  'POST /api/upload/property-videos': (w, _role, client) =>
    client.request('/api/upload/property-videos', {
      method: 'POST',
      body: videoForm('videos', [{ bytes: sampleMp4(`walk ${n++}`), name: 'tour.mp4' }], { propertyId: w.listingId }),
    }),
  'POST /api/uploads/videos': (w, _role, client) => cancelledAfter(w, tusClient(client).create(1000, tusMeta(w))),
  'PATCH /api/uploads/videos': (_w, _role, client) => tusClient(client).patch(VIDEO_TUS_PATH, 0, sampleMp4()),
  'DELETE /api/uploads/videos': (_w, _role, client) => tusClient(client).cancel(VIDEO_TUS_PATH),
  'OPTIONS /api/uploads/videos': send('OPTIONS', () => VIDEO_TUS_PATH),
  'POST /api/uploads/videos/:id': (w, _role, client) =>
    cancelledAfter(w, tusClient(client).create(1000, tusMeta(w), `${VIDEO_TUS_PATH}/${w.uploadId}`)),
  'PATCH /api/uploads/videos/:id': (w, _role, client) =>
    tusClient(client).patch(`${VIDEO_TUS_PATH}/${w.uploadId}`, 0, sampleMp4()),
  // Each cancels an upload of the owner's own (the owner's cell cancels it: the cancel after finds none).
  'DELETE /api/uploads/videos/:id': async (w, _role, client) => {
    const location = `${VIDEO_TUS_PATH}/${await w.tusUpload()}`;
    const res = await tusClient(client).cancel(location);
    await tusClient(w.clients.owner).cancel(location);
    return res;
  },
  'OPTIONS /api/uploads/videos/:id': send('OPTIONS', (w) => `${VIDEO_TUS_PATH}/${w.uploadId}`),
  'GET /api/uploads/videos/:id': (w, _role, client) => tusClient(client).offset(`${VIDEO_TUS_PATH}/${w.uploadId}`),
  'GET /api/user/download-video/:fileName': send('GET', (w) => `/api/user/download-video/${w.publishedVideoFile}`),
  'GET /api/admin/download-video/:userId/:fileName': send(
    'GET',
    (w) => `/api/admin/download-video/${ownerId(w)}/${w.waitingVideoFile}`,
  ),
  'POST /api/admin/upload-edited-video/:userId': (w, _role, client) =>
    client.request(`/api/admin/upload-edited-video/${ownerId(w)}`, {
      method: 'POST',
      body: videoForm(
        'editedVideo',
        [{ bytes: sampleMov(`edited ${n++}`), name: 'final.mov', type: 'video/quicktime' }],
        {
          originalFileName: w.waitingVideoFile,
        },
      ),
    }),
  'GET /api/properties/:id/videos': send('GET', (w) => `${listing(w)}/videos`),
  'GET /api/properties/:id/videos/:fileName': send('GET', (w) => `${listing(w)}/videos/${w.publishedVideoFile}`),
  'POST /api/service-providers': send(
    'POST',
    () => '/api/service-providers',
    () => providerBody(),
  ),
  'PATCH /api/service-providers/:id/status': send(
    'PATCH',
    (w) => `/api/service-providers/${w.providerId}/status`,
    () => ({
      status: 'approved',
    }),
  ),
  // From a new address each: a sender may write five an hour.
  'POST /api/support/message': send(
    'POST',
    () => '/api/support/message',
    () => ({
      email: uniqueEmail('support'),
      subject: 'A question',
      message: 'How do I list a second home?',
    }),
  ),
  'POST /api/contact/message': send(
    'POST',
    () => '/api/contact/message',
    () => ({
      firstName: 'Ama',
      lastName: 'Mensah',
      contactMethod: 'email',
      email: uniqueEmail('contact'),
      userType: 'tenant',
      subject: 'A question',
      message: 'Do you list homes in Kumasi?',
    }),
  ),
  'DELETE /api/user/saved-searches/:id': send('DELETE', (w) => `/api/user/saved-searches/${w.savedSearchId}`),
  'GET /api/saved-searches/:id/unsubscribe': send('GET', (w) => w.unsubscribeLink),
  // An account that is not suspended: an admin is told so (409), anyone else is refused first.
  'POST /api/admin/suspensions/:userId/lift': send(
    'POST',
    (w) => `/api/admin/suspensions/${w.accounts.renter.user.id}/lift`,
    () => ({}),
  ),
  'GET /api/properties/:id/reviews': send('GET', (w) => `${listing(w)}/reviews`),
  'POST /api/properties/:id/confirm-available': send('POST', (w) => `${listing(w)}/confirm-available`),
  // A listing of its own each: the owner's cell takes it out of search.
  'POST /api/properties/:id/mark-let': async (w, _role, client) =>
    client.request(`/api/properties/${await w.liveListing()}/mark-let`, { method: 'POST' }),
  'POST /api/properties/:id/relist': send('POST', (w) => `${listing(w)}/relist`),
  // Swept as at now: nothing is due, so the world's listings stay as they are.
  'POST /api/dev/clock': send(
    'POST',
    () => '/api/dev/clock',
    () => ({ offsetDays: 0 }),
  ),
  'POST /api/dev/freshness-sweep': send(
    'POST',
    () => '/api/dev/freshness-sweep',
    () => ({ at: new Date().toISOString() }),
  ),
  'GET /api/conversations/:id': send('GET', (w) => conversation(w)),
  'POST /api/conversations/:id/messages': send(
    'POST',
    (w) => `${conversation(w)}/messages`,
    () => ({ text: 'Is it still available?' }),
  ),
  'POST /api/conversations/:id/read': send('POST', (w) => `${conversation(w)}/read`),
  'GET /api/properties/:id/host-response': send('GET', (w) => `${listing(w)}/host-response`),
  // A participant's block is lifted by them at once, so the thread stays open for the other cells.
  'PUT /api/conversations/:id/block': async (w, _role, client) => {
    const res = await client.request(`${conversation(w)}/block`, { method: 'PUT' });
    if (res.status === 200)
      expect((await client.request(`${conversation(w)}/block`, { method: 'DELETE' })).status).toBe(200);
    return res;
  },
  'DELETE /api/conversations/:id/block': send('DELETE', (w) => `${conversation(w)}/block`),
  // A report blocks the thread: its reporter unblocks it at once, so it stays open for the other cells.
  'POST /api/conversations/:id/report': async (w, _role, client) => {
    const res = await client.request(`${conversation(w)}/report`, { method: 'POST', json: { reason: 'spam' } });
    if (res.status === 201)
      expect((await client.request(`${conversation(w)}/block`, { method: 'DELETE' })).status).toBe(200);
    return res;
  },
  'GET /api/admin/conversation-reports/:id': async (w, _role, client) => {
    await reportedByRenter(w);
    return client.request(`/api/admin/conversation-reports/${w.conversationId}`);
  },
  'POST /api/admin/conversation-reports/:id/resolve': async (w, _role, client) => {
    await reportedByRenter(w);
    return client.request(`/api/admin/conversation-reports/${w.conversationId}/resolve`, {
      method: 'POST',
      json: { action: 'dismiss' },
    });
  },
  'POST /api/admin/messages/:id/handled': send('POST', (w) => `/api/admin/messages/${w.teamMessageId}/handled`),
  'POST /api/analytics/track-visitor': send(
    'POST',
    () => '/api/analytics/track-visitor',
    () => ({
      visitorId: `visitor_${Date.now()}_walk${n++}`,
      pageUrl: '/search',
    }),
  ),
};

/** The world's thread with a report of its renter on it (open, or already resolved), and not blocked. */
async function reportedByRenter(w: PermissionWorld) {
  const renter = w.clients.renter;
  const res = await renter.request(`${conversation(w)}/report`, { method: 'POST', json: { reason: 'spam' } });
  if (res.status === 201)
    expect((await renter.request(`${conversation(w)}/block`, { method: 'DELETE' })).status).toBe(200);
  else expect(res.status).toBe(409);
}

/** What an answer says about permission: passed (whatever the input or the state made of it), or refused. */
function outcomeOf(status: number): Outcome | number {
  if (status === 401 || status === 403 || status === 404) return status;
  return status < 500 ? 'allowed' : status;
}

let database: TestDatabase;
let dataDir: string;
let world: PermissionWorld;
let routes: string[];
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'efie-permissions-'));
  database = await createTestDatabase();
  const { app, deps } = await createTestApp(database.db, { config: { dataDir } });
  routes = apiRoutes(app).map((route) => route.key);
  const signatures = await makeSignatureDatabase(join(dataDir, 'signatures'));
  world = await createPermissionWorld(app, deps, createClamscanScanner({ path: CLAMSCAN_BIN, database: signatures }));
  photo = dataUrl(await samplePhoto('jpeg', 64, 48));
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the permission walk: every API route as anonymous, renter, owner, other owner and admin', () => {
  it('has one row in the permission table for every route of the app, and a route for every row', () => {
    expect(
      routes.filter((key) => !(key in PERMISSIONS)),
      'routes missing from permission-table.ts',
    ).toEqual([]);
    expect(
      Object.keys(PERMISSIONS).filter((key) => !routes.includes(key)),
      'rows of no route',
    ).toEqual([]);
  });

  it.each(Object.keys(PERMISSIONS) as RouteKey[])('%s answers each role as the table says', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const call = CALLS[key] ?? send(method, () => path);
    const answers: Partial<Record<Role, Outcome | number>> = {};
    const seen: string[] = [];
    for (const role of ROLES) {
      const res = await call(world, role, world.clients[role]);
      answers[role] = outcomeOf(res.status);
      seen.push(`${role}: ${res.status} ${(await res.text()).slice(0, 160)}`);
    }
    const { description: _, ...expected } = PERMISSIONS[key];
    expect(answers, seen.join('\n')).toEqual(expected);
  });
});
