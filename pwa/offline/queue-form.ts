import { apiRequest, newIdempotencyKey } from '../lib/api-client.ts';
import { ANY_SESSION } from './outbox-item.schema.ts';
import { sendKeptFirst } from './outbox-runtime.ts';
import { listen } from './outbox-store.ts';
import { isFormEndpoint, type PostFormItem } from './post-form.outbox.ts';

// A form that is sent now when there is a connection (kept in the outbox first, so that a page
// closed mid-send loses nothing), and kept in the outbox to be sent once when there is none.
// One call for any form (support, contact, a provider's registration):
//
//   const outcome = await sendForm({ endpoint: '/api/support/message', body, label: 'Message to Efie support' })
//   if (outcome.status === 'queued') tell the person it goes when they are back online
//
// The Idempotency-Key is chosen once, when the person presses Send: the attempt made now and
// every later attempt from the outbox carry the same key, so the server acts on it once.
// A refusal now (4xx, 5xx) is thrown as an ApiError for the form to show, with its values kept;
// a refusal later stops the item and the offline bar shows why (Try again / Discard).
// The feature that sends a form registers its endpoint (registerFormEndpoints, post-form.outbox.ts).

export type FormToSend = {
  /** One a feature registered (registerFormEndpoints): an item for any other could never be sent. */
  endpoint: string;
  body: Record<string, unknown>;
  /** What the offline bar lists while it waits, e.g. "Message to Efie support: Booking question". */
  label: string;
  /** Defaults to a new key; pass the one already used if this same submission is sent again. */
  key?: string;
  /** Only this person's session may send it later; omitted: a public form, any session or none. */
  ownerId?: string;
};
export type FormOutcome<T> = { status: 'sent'; result: T; key: string } | { status: 'queued'; key: string };

/** The item the outbox keeps; its id is the Idempotency-Key. */
export function formItem(form: FormToSend, key: string, now = Date.now()): PostFormItem {
  return {
    kind: 'post-form',
    id: key,
    ownerId: form.ownerId ?? ANY_SESSION,
    endpoint: form.endpoint,
    body: form.body,
    label: form.label,
    createdAt: now,
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    revision: 0,
    faults: 0,
  };
}

export async function sendForm<T>(form: FormToSend): Promise<FormOutcome<T>> {
  if (!isFormEndpoint(form.endpoint))
    throw new Error(`${form.endpoint} is not a form the outbox may send (registerFormEndpoints)`);
  const key = form.key ?? newIdempotencyKey();
  const outcome = await sendKeptFirst(formItem(form, key), () =>
    apiRequest<T>('POST', form.endpoint, { body: form.body, idempotencyKey: key }),
  );
  return { ...outcome, key };
}

/** Calls back with the server's answer when the queued form with this key is sent (from any context). */
export function onFormSent<T>(key: string, callback: (result: T) => void): () => void {
  return listen((message) => {
    if (message.type === 'sent' && message.item.id === key) callback(message.result as T);
  });
}
