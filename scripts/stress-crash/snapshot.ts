import type { Property } from '../../api/contract/properties.schema.ts';
import type { HttpClient } from './http-client.ts';
import type { Cast } from './checks.ts';

/** What the API answers, request by request: "who GET path" → the body as text. */
export type Snapshot = Map<string, string>;

async function pages(snapshot: Snapshot, who: string, http: HttpClient, path: string) {
  for (let page = 1; ; page++) {
    const answer = await http.read(`${path}${path.includes('?') ? '&' : '?'}limit=100&page=${page}`);
    snapshot.set(`${who} GET ${path} page ${page}`, `${answer.status} ${JSON.stringify(answer.body)}`);
    const body = answer.body as { properties?: unknown[]; total?: number };
    if (answer.status !== 200 || !body.properties || page * 100 >= (body.total ?? 0)) return;
  }
}

/**
 * Every answer a rebuild could change: search pages for a visitor and a
 * signed-in renter, featured, each listing as its owner and as a visitor,
 * each person's account, listings and favourites, the admin's lists.
 */
export async function takeSnapshot(cast: Cast, visitor: HttpClient): Promise<Snapshot> {
  const snapshot: Snapshot = new Map();
  const one = async (who: string, http: HttpClient, path: string) => {
    const answer = await http.read(path);
    snapshot.set(`${who} GET ${path}`, `${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  };
  for (const sort of ['newest', 'price_asc', 'price_desc'])
    await pages(snapshot, 'visitor', visitor, `/api/properties/search?sort=${sort}`);
  if (cast.renters[0])
    await pages(snapshot, cast.renters[0].label, cast.renters[0].http, '/api/properties/search?sort=newest');
  await one('visitor', visitor, '/api/properties/featured');
  for (const status of ['all', 'unverified'])
    await pages(snapshot, 'admin', cast.admin.http, `/api/admin/properties?status=${status}`);
  await one('admin', cast.admin.http, '/api/auth/user');
  for (const owner of cast.owners) {
    await one(owner.label, owner.http, '/api/auth/user');
    const mine = await one(owner.label, owner.http, '/api/user/properties');
    for (const p of mine.body as Property[]) {
      await one(owner.label, owner.http, `/api/properties/${p.id}`);
      await one('visitor', visitor, `/api/properties/${p.id}`);
    }
  }
  for (const renter of cast.renters) {
    await one(renter.label, renter.http, '/api/auth/user');
    await one(renter.label, renter.http, '/api/favorites');
  }
  return snapshot;
}

/** The requests whose answers differ (or exist in only one snapshot). */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const labels = new Set([...before.keys(), ...after.keys()]);
  return [...labels].filter((label) => before.get(label) !== after.get(label));
}
