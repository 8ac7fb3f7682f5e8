import * as v from 'valibot';
import { call } from './outbox-call.ts';
import type { OutboxKind } from './outbox-kind.ts';
import type { QueuedItem } from './outbox-item.schema.ts';

// The engine's own kind: a form sent with POST later (queue-form.ts), with the Idempotency-Key
// (its id) chosen when the person pressed Send. The features that send forms register their
// endpoints; a stored item names its endpoint, so the list keeps an item (or a tampered
// IndexedDB) from turning the outbox into a way to POST anywhere.

const formEndpoints = new Set<string>();

/** A feature's forms that may wait in the outbox (support, contact, a provider's registration). */
export function registerFormEndpoints(endpoints: readonly string[]) {
  for (const endpoint of endpoints) formEndpoints.add(endpoint);
}
export const isFormEndpoint = (endpoint: unknown): endpoint is string =>
  typeof endpoint === 'string' && formEndpoints.has(endpoint);

export type PostFormItem = QueuedItem<'post-form', { endpoint: string; body: Record<string, unknown> }>;

export const postFormKind: OutboxKind<PostFormItem> = {
  kind: 'post-form',
  schema: v.looseObject({
    kind: v.literal('post-form'),
    endpoint: v.custom<string>(isFormEndpoint),
    /** The form's JSON body, as it was when the person pressed Send. */
    body: v.looseObject({}),
  }),
  target: (item) => `form:${item.id}`,
  send: (item, session) => call(session, 'POST', item.endpoint, item.id, item.body),
};
