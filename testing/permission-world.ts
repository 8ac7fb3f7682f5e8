import { linkSecret, unsubscribeUrl } from '../api/saved-searches/unsubscribe-link.ts';
import { expect } from 'vitest';
import type { AppDeps } from '../api/app-deps.ts';
import type { AdminOutboxAnswer } from '../api/contract/outbox.schema.ts';
import type { ApprovedVideo } from '../api/contract/videos.schema.ts';
import { drainOutbox } from '../api/outbox/outbox.worker.ts';
import { DeliveryError, type MessageSender } from '../api/outbox/sender.ts';
import type { Role } from '../api/permissions/permission-table.ts';
import type { VirusScanner } from '../api/videos/virus-scanner.ts';
import { createAdmin, registerVerifiedUser, TEST_PASSWORD, type RegisteredUser } from './accounts.ts';
import { approveListing, createListing } from './listings.ts';
import { registerProvider } from './service-providers.ts';
import { createClient, TEST_ORIGIN } from './test-app.ts';
import { runVideoPipeline, sampleMov, sampleMp4, tusClient, uploadVideo, videoForm } from './videos.ts';

type App = Parameters<typeof createClient>[0];
export type Client = ReturnType<typeof createClient>;
type SignedInRole = Exclude<Role, 'anonymous'>;

/** A browser on the app's own origin: it names the origin on every request, as browsers do on a POST. */
export function browser(app: App): Client {
  const client = createClient(app);
  const request = client.request;
  client.request = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', TEST_ORIGIN);
    return request(path, { ...init, headers });
  };
  return client;
}

/** The mail gateway refusing every message for good: what makes an outbox message "failed". */
const refusing: MessageSender = {
  async send() {
    throw new DeliveryError('SMTP: No such mailbox (550 on RCPT TO)', 'permanent');
  },
};

/**
 * Everything the permission walk calls a route about: a renter, two hosts (the owner and
 * another), an admin and a second admin to revoke, each signed in on a client of their own; the
 * owner's live, featured listing with a published video and one waiting for an admin, an
 * unfinished resumable upload and a service-provider application; a message to the team and an
 * outbox message the gateway refused.
 */
export async function createPermissionWorld(app: App, deps: AppDeps, scanner: VirusScanner) {
  const clients = {
    anonymous: browser(app),
    renter: browser(app),
    owner: browser(app),
    otherOwner: browser(app),
    admin: browser(app),
  } satisfies Record<Role, Client>;
  const accounts: Record<SignedInRole, RegisteredUser> = {
    renter: await registerVerifiedUser(app, clients.renter, { userType: 'renter', firstName: 'Esi' }),
    owner: await registerVerifiedUser(app, clients.owner, { userType: 'owner', firstName: 'Kofi' }),
    otherOwner: await registerVerifiedUser(app, clients.otherOwner, { userType: 'owner', firstName: 'Yaw' }),
    admin: await createAdmin(deps, clients.admin),
  };
  const secondAdmin = await createAdmin(deps, browser(app), { firstName: 'Akua' });

  const { owner, admin } = clients;
  /** A listing of the owner's, approved: live, so that others see it and are refused by the owner check. */
  const liveListing = async () => {
    const listing = await createListing(owner);
    await approveListing(admin, listing.id);
    return listing.id;
  };
  const listingId = await liveListing();
  const featured = await admin.request(`/api/admin/properties/${listingId}/featured`, {
    method: 'PATCH',
    json: { isFeatured: true },
  });
  expect(featured.status).toBe(200);

  // Two videos for the listing: one edited and published (the owner's to download, the listing's
  // to show), one scanned and waiting for an admin (an admin's to download and edit).
  const published = await uploadVideo(owner, sampleMp4('the walk-through the admin edits'), { propertyId: listingId });
  const waiting = await uploadVideo(owner, sampleMp4('the walk-through still waiting'), { propertyId: listingId });
  await runVideoPipeline(deps, scanner);
  const edited = await admin.request(`/api/admin/upload-edited-video/${accounts.owner.user.id}`, {
    method: 'POST',
    body: videoForm('editedVideo', [{ bytes: sampleMov(), name: 'tour-final.mov', type: 'video/quicktime' }], {
      originalFileName: published.fileName,
    }),
  });
  expect(edited.status, await edited.clone().text()).toBe(201);
  await runVideoPipeline(deps, scanner);
  const approved = (await (await owner.request('/api/user/approved-videos')).json()) as { videos: ApprovedVideo[] };
  const [approvedVideo] = approved.videos;
  expect(approvedVideo?.videoId).toBe(published.videoId);

  /** An unfinished resumable upload of the owner's, for the listing: its id. */
  const tusUpload = async () => {
    const res = await tusClient(owner).create(1000, {
      filename: 'tour.mp4',
      filetype: 'video/mp4',
      propertyId: listingId,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.headers.get('location')!.split('/').pop()!;
  };
  const uploadId = await tusUpload();

  const provider = await registerProvider(owner);

  const sent = await clients.anonymous.request('/api/support/message', {
    method: 'POST',
    json: { email: 'ama@example.com', subject: 'My listing', message: 'My listing does not show.' },
  });
  expect(sent.status).toBe(201);
  const teamMessageId = ((await sent.json()) as { id: string }).id;

  const savedRes = await owner.request('/api/user/saved-searches', {
    method: 'POST',
    json: { filters: { location: 'Kumasi' } },
  });
  expect(savedRes.status).toBe(201);
  const savedSearchId = ((await savedRes.json()) as { savedSearch: { id: string } }).savedSearch.id;
  const unsubscribeLink = unsubscribeUrl('', await linkSecret(deps.db), savedSearchId);

  // A conversation between the renter and the owner about the owner's live listing.
  const started = await clients.renter.request(`/api/properties/${listingId}/conversations`, {
    method: 'POST',
    json: { text: 'Is it still available?' },
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const conversationId = ((await started.json()) as { conversationId: string }).conversationId;

  // Every message queued so far, the codes of the sign-ups included, is refused by the gateway.
  await deps.outbox.enqueue({ channel: 'email', to: 'team@efie.example', subject: 'Support', text: 'Help' });
  while ((await drainOutbox(deps.db, refusing, deps.clock)) > 0);
  const outbox = (await (await admin.request('/api/admin/outbox?status=failed')).json()) as AdminOutboxAnswer;
  const failedMessageId = outbox.messages[0]!.id;

  return {
    app,
    clients,
    accounts,
    secondAdmin,
    listingId,
    liveListing,
    publishedVideoFile: approvedVideo!.fileName,
    waitingVideoFile: waiting.fileName,
    uploadId,
    tusUpload,
    providerId: provider.id,
    teamMessageId,
    failedMessageId,
    savedSearchId,
    unsubscribeLink,
    conversationId,
    /** A new session of the role's account (a new, signed-out browser for anonymous): for calls that end one. */
    async freshClient(role: Role): Promise<Client> {
      const client = browser(app);
      if (role === 'anonymous') return client;
      const res = await client.request('/api/auth/login', {
        method: 'POST',
        json: { registrationMethod: 'email', email: accounts[role].email, password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      return client;
    },
  };
}

export type PermissionWorld = Awaited<ReturnType<typeof createPermissionWorld>>;
