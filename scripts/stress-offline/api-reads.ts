import type { APIRequestContext } from '@playwright/test';
import * as v from 'valibot';

// What the checks and the admin read from the real API, parsed: a field the script relies on
// that the server stops sending fails the run loudly instead of comparing undefined.

export const ListingSchema = v.object({
  id: v.string(),
  ownerId: v.string(),
  title: v.string(),
  description: v.string(),
  pricePerNight: v.number(),
  version: v.number(),
  isActive: v.boolean(),
  isVerified: v.boolean(),
  images: v.array(v.string()),
});
export type Listing = v.InferOutput<typeof ListingSchema>;

const ListingsSchema = v.array(ListingSchema);
const AdminPageSchema = v.object({ properties: ListingsSchema, total: v.number() });
const UserSchema = v.object({ id: v.string() });

async function json(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const response = await api.fetch(path, { method, ...(data !== undefined ? { data } : {}), timeout: 20_000 });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export const readUserId = async (api: APIRequestContext) =>
  v.parse(UserSchema, await json(api, 'GET', '/api/auth/user')).id;

/** The signed-in host's listings, hidden and pending ones included. */
export const readOwnListings = async (api: APIRequestContext) =>
  v.parse(ListingsSchema, await json(api, 'GET', '/api/user/properties'));

/** The signed-in person's favourites (live listings only: the API leaves hidden ones out). */
export const readFavourites = async (api: APIRequestContext) =>
  v.parse(ListingsSchema, await json(api, 'GET', '/api/favorites'));

/** Every listing the admin list holds with this status filter. */
export async function readAdminListings(admin: APIRequestContext, status: 'all' | 'unverified'): Promise<Listing[]> {
  const all: Listing[] = [];
  for (let page = 1; ; page++) {
    const { properties, total } = v.parse(
      AdminPageSchema,
      await json(admin, 'GET', `/api/admin/properties?status=${status}&limit=100&page=${page}`),
    );
    all.push(...properties);
    if (all.length >= total || properties.length === 0) return all;
  }
}

export const approveListing = async (admin: APIRequestContext, id: string) => {
  await json(admin, 'POST', `/api/admin/properties/${id}/approve`);
};
export const setListingVisible = async (admin: APIRequestContext, id: string, isActive: boolean) => {
  await json(admin, 'PATCH', `/api/admin/properties/${id}/visibility`, { isActive });
};

/** A listing made through the API (the run's starting listings; the devices make theirs through the wizard). */
export async function createListingThroughApi(api: APIRequestContext, body: Record<string, unknown>): Promise<Listing> {
  return v.parse(ListingSchema, await json(api, 'POST', '/api/properties', body));
}

const ThreadSchema = v.object({
  conversation: v.object({ id: v.string() }),
  messages: v.array(v.object({ id: v.string(), seq: v.number(), text: v.string(), fromMe: v.boolean() })),
});
const MessageSentSchema = v.object({ conversationId: v.string(), message: v.object({ text: v.string() }) });

/** One thread's messages as the signed-in participant reads them (the newest 500). */
export const readThread = async (api: APIRequestContext, id: string) =>
  v.parse(ThreadSchema, await json(api, 'GET', `/api/conversations/${id}`)).messages;

/** The renter's first message about a live listing: it starts the thread; answers the thread's id. */
export async function startConversationThroughApi(api: APIRequestContext, listingId: string, text: string) {
  return v.parse(MessageSentSchema, await json(api, 'POST', `/api/properties/${listingId}/conversations`, { text }))
    .conversationId;
}
