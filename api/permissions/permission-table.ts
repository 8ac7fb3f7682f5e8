// Who may call which API route: one row per route of the app's route table, one outcome per role.
// api/permissions/permission-walk.test.ts calls every route as each role and compares the answer
// with this table, and docs/permissions.md is written from it (`npm run docs:permissions`), so the
// table, the server and the document cannot drift apart. Data only: no imports, no I/O.

/** The five callers of the walk. "owner" owns the resource the path names; "otherOwner" is a host who does not. */
export const ROLES = ['anonymous', 'renter', 'owner', 'otherOwner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  anonymous: 'anonymous',
  renter: 'renter',
  owner: 'owner',
  otherOwner: 'other owner',
  admin: 'admin',
};

/**
 * `allowed`: the call passes every permission check (its answer may still refuse the input, 400,
 * or the state, 409). Otherwise the refusal: 401 not signed in, 403 signed in but not allowed,
 * 404 for what the caller may not see (CONTRACT.md: the server hides that it exists).
 */
export type Outcome = 'allowed' | 401 | 403 | 404;

export type Permission = { description: string } & Record<Role, Outcome>;

const everyone: Record<Role, Outcome> = {
  anonymous: 'allowed',
  renter: 'allowed',
  owner: 'allowed',
  otherOwner: 'allowed',
  admin: 'allowed',
};
const signedIn: Record<Role, Outcome> = {
  anonymous: 401,
  renter: 'allowed',
  owner: 'allowed',
  otherOwner: 'allowed',
  admin: 'allowed',
};
const adminsOnly: Record<Role, Outcome> = {
  anonymous: 401,
  renter: 403,
  owner: 403,
  otherOwner: 403,
  admin: 'allowed',
};
/** The owner's own thing that others may see (a live listing): others are refused with 403. */
const ownerOnly: Record<Role, Outcome> = { anonymous: 401, renter: 403, owner: 'allowed', otherOwner: 403, admin: 403 };
/** The owner's own thing that nobody else may see (an upload, a video): it does not exist for anyone else. */
const ownerOnlyHidden: Record<Role, Outcome> = {
  anonymous: 401,
  renter: 404,
  owner: 'allowed',
  otherOwner: 404,
  admin: 404,
};
/**
 * A conversation: its renter (who started it) and the host (the owner of its listing); to anyone
 * else, admins included, it does not exist.
 */
const participantsOnly: Record<Role, Outcome> = {
  anonymous: 401,
  renter: 'allowed',
  owner: 'allowed',
  otherOwner: 404,
  admin: 404,
};
/** An address that answers nothing to anyone signed in (404); a visitor is asked to sign in first. */
const noSuchAddress: Record<Role, Outcome> = { anonymous: 401, renter: 404, owner: 404, otherOwner: 404, admin: 404 };

/**
 * Keyed by `METHOD path` as Hono's `app.routes` writes it. The listing the paths name is live
 * (approved, shown and featured); one that is not live is hidden (404) from everyone but its
 * owner and admins (CONTRACT.md), as the listing tests prove.
 */
export const PERMISSIONS = {
  'GET /api/health': { description: 'Health of the server and its database, for load balancers', ...everyone },

  'POST /api/auth/register': { description: 'Create an account and sign in as it', ...everyone },
  'POST /api/auth/login': { description: 'Sign in (replaces the caller’s session)', ...everyone },
  'POST /api/auth/logout': { description: 'Sign out (nothing to do when signed out)', ...everyone },
  'GET /api/auth/user': { description: 'The signed-in account', ...signedIn },
  'PUT /api/auth/profile': { description: 'Change one’s own account details', ...signedIn },
  'PUT /api/auth/change-password': { description: 'Change one’s own password', ...signedIn },
  'POST /api/auth/verify-email-code': { description: 'Prove one’s own e-mail with its code', ...signedIn },
  'POST /api/auth/resend-email-verification': { description: 'A new code for one’s own e-mail', ...signedIn },
  'POST /api/auth/verify-phone-code': { description: 'Prove one’s own phone with its code', ...signedIn },
  'POST /api/auth/resend-phone-verification': { description: 'A new code for one’s own phone', ...signedIn },
  'POST /api/auth/forgot-password': { description: 'Ask for a reset link (same answer for any address)', ...everyone },
  'POST /api/auth/reset-password': { description: 'Set a new password with a reset link’s token', ...everyone },
  'GET /api/login': { description: 'Redirect to the sign-in screen', ...everyone },

  'POST /api/admin/change-password': { description: 'An admin changes their own password', ...adminsOnly },
  'GET /api/admin/admins': { description: 'List the admins', ...adminsOnly },
  'POST /api/admin/admins': { description: 'Make an account an admin', ...adminsOnly },
  'DELETE /api/admin/admins/:userId': { description: 'Take admin away from another admin', ...adminsOnly },

  'GET /api/dev/outbox': {
    description:
      'Messages sent to an address (dev outbox: only with EFIE_DEV_OUTBOX=1 outside production, only to callers on this machine, else 404)',
    ...everyone,
  },
  'POST /api/dev/clock': {
    description:
      'Move the server’s clock on by days (dev outbox only, to callers on this machine; 404 where the clock is a test’s own, as here)',
    anonymous: 404,
    renter: 404,
    owner: 404,
    otherOwner: 404,
    admin: 404,
  },
  'POST /api/dev/freshness-sweep': {
    description:
      'Run the listing freshness sweep as at a given time (dev outbox only, to callers on this machine, else 404)',
    ...everyone,
  },

  'GET /api/properties/search': { description: 'Search live listings', ...everyone },
  'GET /api/properties/featured': { description: 'Featured live listings', ...everyone },
  'GET /api/properties/:id': { description: 'A listing (a live one: anyone)', ...everyone },
  'POST /api/properties': { description: 'List a property (it waits for approval)', ...signedIn },
  'PUT /api/properties/:id': { description: 'Edit a listing: its owner only (admins moderate instead)', ...ownerOnly },
  'DELETE /api/properties/:id': { description: 'Delete a listing: its owner only', ...ownerOnly },
  'GET /api/user/properties': { description: 'One’s own listings, in any status', ...signedIn },

  'GET /api/admin/properties': { description: 'Every listing, for moderation', ...adminsOnly },
  'POST /api/admin/properties/:id/approve': { description: 'Approve a listing', ...adminsOnly },
  'PATCH /api/admin/properties/:id/visibility': { description: 'Hide or show a listing', ...adminsOnly },
  'PATCH /api/admin/properties/:id/featured': { description: 'Feature or unfeature a listing', ...adminsOnly },
  'DELETE /api/admin/properties/:id': { description: 'Delete a listing permanently', ...adminsOnly },
  'GET /api/admin/featured-properties': { description: 'The featured listings, in order', ...adminsOnly },
  'POST /api/admin/reorder-featured-properties': { description: 'Reorder the featured listings', ...adminsOnly },

  'GET /api/admin/outbox': { description: 'Messages that could not be delivered', ...adminsOnly },
  'POST /api/admin/outbox/:id/retry': { description: 'Send an undelivered message again', ...adminsOnly },

  'GET /api/favorites': { description: 'One’s own favourites', ...signedIn },
  'POST /api/favorites/:id': { description: 'Save a listing one may see', ...signedIn },
  'DELETE /api/favorites/:id': { description: 'Unsave a listing', ...signedIn },

  'POST /api/upload/property-images': { description: 'Upload listing photos', ...signedIn },
  'POST /api/upload/property-videos': {
    description: 'Upload videos, for a listing of one’s own (here: the owner’s listing); a verified account only',
    ...ownerOnly,
  },
  'POST /api/uploads/videos': {
    description: 'Start a resumable (tus) video upload, for a listing of one’s own (here: the owner’s listing)',
    ...ownerOnly,
  },
  'PATCH /api/uploads/videos': {
    description: 'tus on the collection: a PATCH needs an upload’s own address (404 for anyone signed in)',
    ...noSuchAddress,
  },
  'DELETE /api/uploads/videos': {
    description: 'tus on the collection: a DELETE needs an upload’s own address (404 for anyone signed in)',
    ...noSuchAddress,
  },
  'OPTIONS /api/uploads/videos': { description: 'tus: what the server supports', ...signedIn },
  'POST /api/uploads/videos/:id': {
    description: 'tus: a POST starts a new upload wherever it is sent (here: for the owner’s listing)',
    ...ownerOnly,
  },
  'PATCH /api/uploads/videos/:id': { description: 'tus: send the next part of one’s own upload', ...ownerOnlyHidden },
  'DELETE /api/uploads/videos/:id': { description: 'tus: cancel one’s own upload', ...ownerOnlyHidden },
  'OPTIONS /api/uploads/videos/:id': { description: 'tus: what the server supports', ...signedIn },
  'GET /api/uploads/videos/:id': {
    description: 'tus: HEAD asks how much of one’s own upload arrived (a plain GET is 404: never downloaded)',
    ...ownerOnlyHidden,
  },
  'GET /api/user/approved-videos': { description: 'One’s own approved videos', ...signedIn },
  'GET /api/user/download-video/:fileName': {
    description: 'Download one’s own approved video',
    ...ownerOnlyHidden,
  },
  'GET /api/admin/pending-videos': { description: 'Videos waiting for an admin', ...adminsOnly },
  'GET /api/admin/download-video/:userId/:fileName': {
    description: 'Download a host’s original, scanned clean',
    ...adminsOnly,
  },
  'POST /api/admin/upload-edited-video/:userId': { description: 'Upload the edited version of a video', ...adminsOnly },
  'GET /api/properties/:id/videos': { description: 'A listing’s published videos (a live one: anyone)', ...everyone },
  'GET /api/properties/:id/videos/:fileName': {
    description: 'Stream a listing’s published video (a live one: anyone)',
    ...everyone,
  },

  'POST /api/service-providers': { description: 'Apply as a service provider', ...signedIn },
  'GET /api/service-providers': {
    description: 'Every provider, in any status (anyone signed in may ask for the directory, status=approved)',
    ...adminsOnly,
  },
  'PATCH /api/service-providers/:id/status': {
    description: 'Approve or reject a provider (here: the owner’s application)',
    ...adminsOnly,
  },

  'POST /api/support/message': { description: 'Write to support', ...everyone },
  'POST /api/contact/message': { description: 'Write to the team (contact form)', ...everyone },
  'GET /api/admin/messages': { description: 'Support and contact messages', ...adminsOnly },
  'POST /api/admin/messages/:id/handled': { description: 'Mark a message handled', ...adminsOnly },
  'GET /api/admin/agent-licenses': { description: 'Agents’ licence numbers to check', ...adminsOnly },
  'POST /api/admin/agent-licenses/:userId/verify': { description: 'Mark an agent’s licence verified', ...adminsOnly },
  'POST /api/admin/agent-licenses/:userId/reject': {
    description: 'Reject an agent’s licence, saying why',
    ...adminsOnly,
  },
  'POST /api/properties/:id/reports': {
    description: 'Report a live listing (its owner is then refused, 403 own_listing)',
    ...signedIn,
  },
  'POST /api/properties/:id/contacts': {
    description: 'Contact a live listing’s host by WhatsApp or a call (recorded; its owner is refused, 403)',
    ...signedIn,
  },
  'GET /api/user/listing-contacts': { description: 'How many people asked about one’s own listings', ...signedIn },
  'GET /api/admin/properties/:id/contacts': { description: 'Who contacted a listing’s host', ...adminsOnly },
  'GET /api/user/listing-analytics': {
    description: 'Views, visitors, conversations and contacts of one’s own listings, and how one answers',
    ...signedIn,
  },
  'GET /api/properties/:id/host-response': {
    description: 'How quickly a live listing’s host answers (shown from 3 conversations in 30 days)',
    ...everyone,
  },
  'GET /api/admin/reports': { description: 'Reported listings', ...adminsOnly },
  'POST /api/admin/reports/:listingId/resolve': {
    description: 'Resolve a listing’s open reports (dismiss, hide, delete, suspend its owner)',
    ...adminsOnly,
  },
  'GET /api/admin/suspensions': { description: 'Suspended accounts', ...adminsOnly },
  'GET /api/user/saved-searches': { description: 'One’s saved searches', ...signedIn },
  'POST /api/user/saved-searches': { description: 'Save a search, to be alerted of new matches', ...signedIn },
  'DELETE /api/user/saved-searches/:id': { description: 'Delete one’s saved search', ...ownerOnlyHidden },
  'GET /api/saved-searches/:id/unsubscribe': {
    description: 'The one-tap unsubscribe link of an alert (its signature is the proof)',
    ...everyone,
  },
  'GET /api/push/public-key': { description: 'The key browsers subscribe to web push with', ...everyone },
  'PUT /api/user/push-subscriptions': { description: 'Let this browser show alerts (web push)', ...signedIn },
  'DELETE /api/user/push-subscriptions': { description: 'Stop this browser showing alerts', ...signedIn },
  'POST /api/admin/suspensions/:userId/lift': { description: 'Lift an account’s suspension', ...adminsOnly },

  'POST /api/properties/:id/conversations': {
    description: 'Write to a live listing’s host: starts the conversation, or writes in it (its owner is refused, 403)',
    ...signedIn,
  },
  'POST /api/properties/:id/confirm-available': {
    description: 'Say one’s listing is still available (an expired or let one comes back)',
    ...ownerOnly,
  },
  'POST /api/properties/:id/mark-let': { description: 'Take one’s listing out of search: it is let', ...ownerOnly },
  'POST /api/properties/:id/relist': {
    description: 'Bring one’s expired or let listing back (409 when it is not down)',
    ...ownerOnly,
  },
  'GET /api/properties/:id/reviews': {
    description: 'A listing’s reviews (a live one: anyone), and whether the caller may review it',
    ...everyone,
  },
  'POST /api/properties/:id/reviews': {
    description: 'Review a live listing, once, a week after its host answered one in Messages (else 403 or 409)',
    ...signedIn,
  },
  'POST /api/reviews/:id/answer': {
    description: 'Answer a review of one’s listing, once (anyone else: 403 not_host)',
    ...signedIn,
  },
  'GET /api/admin/reviews': {
    description: 'Every review, newest first: live or removed, found by listing title or text',
    ...adminsOnly,
  },
  'POST /api/admin/reviews/:id/remove': {
    description: 'Remove a review that breaks the rules, saying why',
    ...adminsOnly,
  },
  'GET /api/conversations': {
    description: 'One’s conversations, as host and as renter, with unread counts',
    ...signedIn,
  },
  'GET /api/conversations/unread': { description: 'How many messages one has not read', ...signedIn },
  'GET /api/conversations/:id': { description: 'A conversation and its messages', ...participantsOnly },
  'POST /api/conversations/:id/messages': { description: 'Write in a conversation', ...participantsOnly },
  'POST /api/conversations/:id/read': { description: 'Mark a conversation read', ...participantsOnly },
  'PUT /api/conversations/:id/block': { description: 'Block the other side of a conversation', ...participantsOnly },
  'DELETE /api/conversations/:id/block': {
    description: 'Unblock a conversation (only who blocked it; the other side is refused, 403)',
    ...participantsOnly,
  },
  'POST /api/conversations/:id/report': {
    description: 'Report the other side of a conversation to the admins (it blocks the thread)',
    ...participantsOnly,
  },
  'GET /api/admin/conversation-reports': { description: 'Reported conversations', ...adminsOnly },
  'GET /api/admin/conversation-reports/:id': {
    description: 'A reported conversation with its messages (no other thread is open to admins)',
    ...adminsOnly,
  },
  'POST /api/admin/conversation-reports/:id/resolve': {
    description: 'Resolve a conversation’s open reports (dismiss, or suspend the reported account)',
    ...adminsOnly,
  },

  'POST /api/analytics/track-visitor': { description: 'Count page views', ...everyone },
  'GET /api/admin/users-analytics': { description: 'User analytics', ...adminsOnly },
  'GET /api/admin/visitor-analytics': { description: 'Visitor analytics', ...adminsOnly },
  'GET /api/admin/recent-visitors': { description: 'Recent visitors', ...adminsOnly },
  'GET /api/admin/analytics/dead-letters': { description: 'Page views the database refused', ...adminsOnly },

  'GET /api/openapi.json': { description: 'The API document (OpenAPI 3.1)', ...everyone },
} as const satisfies Record<string, Permission>;

export type RouteKey = keyof typeof PERMISSIONS;
