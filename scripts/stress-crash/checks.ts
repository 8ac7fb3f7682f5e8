import type { Property } from '../../api/contract/properties.schema.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { Acknowledged, Ledger } from './ledger.ts';
import type { Person } from './people.ts';

export type Findings = { missing: string[]; doubled: string[] };

export type Cast = { owners: Person[]; renters: Person[]; admin: Person };

const ok = (a: Acknowledged, status: number) => a.answer.status === status;
const titleOf = (body: unknown) => (body as { title: string }).title;
const priceOf = (body: unknown) => (body as { pricePerNight: number }).pricePerNight;

/** The key as the event store records it in each event's metadata (api/middleware/idempotency.ts, api/commands/run-command.ts: key#<stream id>). */
export const storedKeyOf = (a: Acknowledged) => {
  const http = `user:${a.actorId}:${a.key}`;
  return a.kind === 'favorite-add' || a.kind === 'favorite-remove'
    ? `${http}#user-${a.actorId}`
    : `${http}#property-${a.propertyId}`;
};

/** Per renter and listing, whether the last acknowledged action was an add (each renter acts sequentially). */
export function expectedFavourites(ledger: Ledger): Map<string, Map<string, boolean>> {
  const byRenter = new Map<string, Map<string, boolean>>();
  const actions = ledger.acknowledged.filter(
    (a) => (a.kind === 'favorite-add' || a.kind === 'favorite-remove') && ok(a, 200),
  );
  for (const a of actions.sort((x, y) => x.seq - y.seq)) {
    const mine = byRenter.get(a.actorId) ?? new Map<string, boolean>();
    mine.set(a.propertyId!, a.kind === 'favorite-add');
    byRenter.set(a.actorId, mine);
  }
  return byRenter;
}

/**
 * Through the API, on the running server: every acknowledged create is among
 * its owner's listings and no listing is there without one; each listing shows
 * its last acknowledged edit; approved listings are verified; each renter's
 * favourites are what its last acknowledged actions say.
 */
export async function checkThroughApi(ledger: Ledger, cast: Cast): Promise<Findings> {
  const missing: string[] = [];
  const doubled: string[] = [];
  const acked = ledger.acknowledged;
  const listings = new Map<string, Property>();
  for (const owner of cast.owners) {
    const answer = await owner.http.get('/api/user/properties');
    const listed = answer.body as Property[];
    for (const p of listed) listings.set(p.id, p);
    const creates = acked.filter((a) => a.kind === 'create' && a.actorId === owner.id && ok(a, 201));
    const createdIds = new Set(creates.map((a) => a.propertyId!));
    if (createdIds.size !== creates.length)
      missing.push(
        `${owner.label}: ${creates.length} acknowledged creates answered only ${createdIds.size} distinct listings`,
      );
    for (const a of creates) {
      if (!listed.some((p) => p.id === a.propertyId))
        missing.push(`${owner.label}: create ${a.key} answered ${a.propertyId}, which is not among its listings`);
    }
    const extra = listed.filter((p) => !createdIds.has(p.id));
    if (extra.length > 0)
      doubled.push(
        `${owner.label}: ${listed.length} listings for ${creates.length} acknowledged creates (${extra.map((p) => p.title).join(', ')})`,
      );
  }
  for (const [id, property] of listings) {
    const writes = acked.filter(
      (a) => a.propertyId === id && ((a.kind === 'create' && ok(a, 201)) || (a.kind === 'edit' && ok(a, 200))),
    );
    const last = writes.sort((x, y) => x.seq - y.seq).at(-1);
    if (last && (property.title !== titleOf(last.body) || property.pricePerNight !== priceOf(last.body))) {
      missing.push(
        `${id}: shows "${property.title}" at ${property.pricePerNight}, the last acknowledged write (${last.kind} ${last.key}) said "${titleOf(last.body)}" at ${priceOf(last.body)}`,
      );
    }
  }
  for (const a of acked.filter((x) => x.kind === 'approve' && ok(x, 200))) {
    if (listings.get(a.propertyId!)?.isVerified !== true)
      missing.push(`approve ${a.key}: listing ${a.propertyId} is not verified`);
  }
  const expected = expectedFavourites(ledger);
  for (const renter of cast.renters) {
    const shown = new Set(((await renter.http.get('/api/favorites')).body as Property[]).map((p) => p.id));
    for (const [id, isFavourite] of expected.get(renter.id) ?? []) {
      if (isFavourite !== shown.has(id))
        missing.push(`${renter.label}: listing ${id} should ${isFavourite ? '' : 'not '}be a favourite`);
    }
    for (const id of shown) {
      if (!expected.get(renter.id)?.has(id))
        doubled.push(`${renter.label}: favourite ${id} that no acknowledged action made`);
    }
  }
  return { missing, doubled };
}

type KeyedEvent = {
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
  key: string;
  transaction_id: string;
  recorded_at: Date;
};

/**
 * In the database, read-only: no key made more than one append, every
 * acknowledged write's events carry its key (a 409 left none), one listing per
 * acknowledged create, and the log and the favourites table agree with the
 * last acknowledged actions.
 */
export async function checkInDatabase(
  sql: SqlClient,
  ledger: Ledger,
): Promise<Findings & { unansweredClaims: number; foundAfterKill: number }> {
  const missing: string[] = [];
  const doubled: string[] = [];
  const repeated = await sql.query<{ key: string; appends: number; events: number }>(
    `select metadata->>'idempotencyKey' as key, count(distinct transaction_id::text)::int as appends, count(*)::int as events
     from events where metadata ? 'idempotencyKey' group by 1 having count(distinct transaction_id::text) > 1`,
  );
  for (const r of repeated) doubled.push(`key ${r.key} made ${r.appends} appends (${r.events} events)`);

  const events = await sql.query<KeyedEvent>(
    `select stream_id, type, data, metadata->>'idempotencyKey' as key, transaction_id::text as transaction_id, recorded_at
     from events where metadata ? 'idempotencyKey' order by global_position`,
  );
  const byKey = new Map<string, KeyedEvent[]>();
  for (const e of events) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);

  const submitted = await sql.query<{ owner_id: string; listings: number }>(
    `select data->>'ownerId' as owner_id, count(*)::int as listings from events where type = 'PropertySubmitted' group by 1`,
  );
  for (const { owner_id, listings } of submitted) {
    const creates = ledger.acknowledged.filter(
      (a) => a.kind === 'create' && a.actorId === owner_id && ok(a, 201),
    ).length;
    if (listings > creates)
      doubled.push(`owner ${owner_id}: ${listings} PropertySubmitted events for ${creates} acknowledged creates`);
  }
  const approvals = await sql.query<{ stream_id: string; n: number }>(
    `select stream_id, count(*)::int as n from events where type = 'PropertyApproved' group by 1 having count(*) > 1`,
  );
  for (const r of approvals) doubled.push(`${r.stream_id} approved ${r.n} times`);

  // By the request's own key, whatever listing the store's key names after '#': a create that made
  // two listings shows here as one key with two appends.
  const appendsOfRequest = new Map<string, Set<string>>();
  for (const e of events) {
    const request = e.key.split('#')[0]!;
    appendsOfRequest.set(
      request,
      (appendsOfRequest.get(request) ?? new Set()).add(`${e.stream_id} in transaction ${e.transaction_id}`),
    );
  }
  let foundAfterKill = 0;
  for (const a of ledger.acknowledged) {
    const appends = appendsOfRequest.get(`user:${a.actorId}:${a.key}`) ?? new Set();
    // The write was in the log before the kill broke the connection: the retry found it (the case).
    const killedAt = a.attempts.firstConnectionErrorAt;
    if (
      killedAt !== undefined &&
      (byKey.get(storedKeyOf(a)) ?? []).some((e) => new Date(e.recorded_at).getTime() < killedAt)
    )
      foundAfterKill++;
    if (appends.size > 1) doubled.push(`${a.kind} ${a.key} made ${appends.size} appends: ${[...appends].join(', ')}`);
    const mine = byKey.get(storedKeyOf(a)) ?? [];
    const stream = `property-${a.propertyId}`;
    if (
      a.kind === 'create' &&
      ok(a, 201) &&
      !mine.some((e) => e.type === 'PropertySubmitted' && e.stream_id === stream)
    ) {
      missing.push(`create ${a.key}: no PropertySubmitted on ${stream} with its key`);
    }
    if (a.kind === 'edit' && ok(a, 200)) {
      const edited = mine.some(
        (e) =>
          e.type === 'PropertyEdited' &&
          e.stream_id === stream &&
          (e.data.changes as { title?: string }).title === titleOf(a.body),
      );
      if (!edited) missing.push(`edit ${a.key}: no PropertyEdited on ${stream} with its key and title`);
    }
    if (a.kind === 'edit' && a.answer.status === 409 && mine.length > 0) {
      missing.push(`edit ${a.key} was told 409 but appended ${mine.length} events`);
    }
  }

  // The favourites as the log tells them (events in order) and as the read model holds them.
  const log = new Map<string, boolean>();
  const favouriteEvents = await sql.query<{ type: string; data: { userId: string; propertyId: string } }>(
    `select type, data from events where type in ('FavoriteAdded', 'FavoriteRemoved') order by global_position`,
  );
  for (const e of favouriteEvents) log.set(`${e.data.userId}/${e.data.propertyId}`, e.type === 'FavoriteAdded');
  const rows = await sql.query<{ user_id: string; property_id: string; is_favorite: boolean }>(
    'select user_id, property_id, is_favorite from favorites',
  );
  const table = new Map(rows.map((r) => [`${r.user_id}/${r.property_id}`, r.is_favorite]));
  for (const [renterId, actions] of expectedFavourites(ledger)) {
    for (const [propertyId, isFavourite] of actions) {
      const pair = `${renterId}/${propertyId}`;
      if ((log.get(pair) ?? false) !== isFavourite)
        missing.push(
          `favourite ${pair}: the log says ${log.get(pair) ?? false}, the last acknowledged action ${isFavourite}`,
        );
      if ((table.get(pair) ?? false) !== isFavourite)
        missing.push(
          `favourite ${pair}: the table says ${table.get(pair) ?? false}, the last acknowledged action ${isFavourite}`,
        );
    }
  }
  const [claims] = await sql.query<{ n: number }>(
    'select count(*)::int as n from http_idempotency where status is null',
  );
  return { missing, doubled, unansweredClaims: claims?.n ?? 0, foundAfterKill };
}
