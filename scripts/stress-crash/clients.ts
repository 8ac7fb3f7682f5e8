import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { citiesOf } from '../../api/contract/places.ts';
import type { Property } from '../../api/contract/properties.schema.ts';
import type { Answer } from './http-client.ts';
import type { Acknowledged, Ledger, OpKind } from './ledger.ts';
import type { Person } from './people.ts';

export type ClientContext = { ledger: Ledger; stopping: () => boolean };

const CITIES = citiesOf('Ghana');
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const price = () => 500 + Math.floor(Math.random() * 9500);
const codeOf = (answer: Answer) => (answer.body as { code?: string } | undefined)?.code;

/** One write with a key of its own, retried with the same key and body until final, then recorded. */
async function write(
  ctx: ClientContext,
  person: Person,
  kind: OpKind,
  method: string,
  path: string,
  body: unknown,
  propertyIdOf: (answer: Answer) => string | undefined,
): Promise<Acknowledged> {
  const key = `stress-${kind}-${randomUUID()}`;
  const { answer, attempts } = await person.http.untilFinal(method, path, body, { 'idempotency-key': key });
  if (attempts.lastServerError)
    ctx.ledger.fault(
      `${person.label}: ${method} ${path} (${key}) met ${attempts.serverErrors} 5xx, the last ${attempts.lastServerError}`,
    );
  return ctx.ledger.record({
    kind,
    actorId: person.id,
    key,
    method,
    path,
    body,
    propertyId: propertyIdOf(answer),
    answer,
    attempts,
  });
}

const unexpected = (ctx: ClientContext, who: Person, a: Acknowledged) =>
  ctx.ledger.fault(`${who.label}: ${a.method} ${a.path} answered ${a.answer.status} ${JSON.stringify(a.answer.body)}`);

/**
 * An owner: creates listings and edits its own with the version it last saw
 * (stale after an admin's approval, so some edits get a legitimate 409).
 */
export async function runOwner(ctx: ClientContext, owner: Person): Promise<void> {
  const versions = new Map<string, number>();
  for (let n = 1; !ctx.stopping(); n++) {
    if (versions.size === 0 || Math.random() < 0.4) {
      const body = {
        title: `${owner.label} listing ${n}`,
        description: `Made by the crash harness (${owner.label}, operation ${n}).`,
        propertyType: pick(['apartment', 'house', 'studio', 'room']),
        city: pick(CITIES),
        country: 'Ghana',
        pricePerNight: price(),
        pricingPeriod: 'month',
        bedrooms: 1 + Math.floor(Math.random() * 4),
        bathrooms: 1,
        amenities: [pick(['wifi', 'parking', 'kitchen', 'balcony'])],
      };
      const a = await write(
        ctx,
        owner,
        'create',
        'POST',
        '/api/properties',
        body,
        (answer) => (answer.body as Property | undefined)?.id,
      );
      if (a.answer.status === 201) versions.set(a.propertyId!, (a.answer.body as Property).version);
      else unexpected(ctx, owner, a);
    } else {
      const [id, version] = pick([...versions]);
      const body = { title: `${owner.label} listing edit ${n}`, pricePerNight: price(), expectedVersion: version };
      const a = await write(ctx, owner, 'edit', 'PUT', `/api/properties/${id}`, body, () => id);
      if (a.answer.status === 200) versions.set(id, (a.answer.body as Property).version);
      else if (a.answer.status === 409 && codeOf(a.answer) === 'version_conflict') {
        const fresh = await owner.http.get(`/api/properties/${id}`);
        versions.set(id, (fresh.body as Property).version);
      } else unexpected(ctx, owner, a);
    }
  }
}

/** A renter: adds and removes favourites among live listings, one action at a time. */
export async function runRenter(ctx: ClientContext, renter: Person): Promise<void> {
  const favourites = new Set<string>();
  while (!ctx.stopping()) {
    const sort = pick(['newest', 'price_asc', 'price_desc']);
    const page = await renter.http.get(`/api/properties/search?limit=100&sort=${sort}`);
    const live = (page.body as { properties: Property[] }).properties;
    if (live.length === 0) {
      await sleep(200);
      continue;
    }
    const id = pick(live).id;
    const add = favourites.has(id) ? Math.random() < 0.3 : Math.random() < 0.85;
    const a = await write(
      ctx,
      renter,
      add ? 'favorite-add' : 'favorite-remove',
      add ? 'POST' : 'DELETE',
      `/api/favorites/${id}`,
      undefined,
      () => id,
    );
    if (a.answer.status !== 200) unexpected(ctx, renter, a);
    else if (add) favourites.add(id);
    else favourites.delete(id);
  }
}

/** The admin: approves pending listings one at a time, leaving each pending a little while. */
export async function runAdmin(ctx: ClientContext, admin: Person): Promise<void> {
  while (!ctx.stopping()) {
    const list = await admin.http.get('/api/admin/properties?status=unverified&limit=100');
    const pending = (list.body as { properties: Property[] }).properties;
    if (pending.length > 0) {
      const id = pick(pending).id;
      const a = await write(ctx, admin, 'approve', 'POST', `/api/admin/properties/${id}/approve`, undefined, () => id);
      if (a.answer.status !== 200) unexpected(ctx, admin, a);
    }
    await sleep(20 + Math.random() * 130);
  }
}
