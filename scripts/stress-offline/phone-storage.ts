import type { Page } from '@playwright/test';
import * as v from 'valibot';

// What the phone keeps, read from its IndexedDB the way the e2e helpers read it: the outbox
// items (to know which values a refused row holds) and the drafts (to tell a listing left
// under "Your drafts", a visible state, from one that is gone).

const ItemSchema = v.looseObject({
  id: v.string(),
  kind: v.string(),
  ownerId: v.optional(v.nullable(v.string())),
  status: v.optional(v.string(), 'waiting'),
  label: v.optional(v.string(), ''),
  propertyId: v.optional(v.string()),
  favorite: v.optional(v.boolean()),
  /** A conversation message's text (kind conversation-message). */
  text: v.optional(v.string()),
  httpStatus: v.optional(v.number()),
  needsSignIn: v.optional(v.boolean()),
  supersededBy: v.optional(v.string()),
  body: v.optional(
    v.looseObject({
      title: v.optional(v.string()),
      pricePerNight: v.optional(v.number()),
      description: v.optional(v.string()),
    }),
  ),
  baseValues: v.optional(v.looseObject({ title: v.string(), pricePerNight: v.number() })),
});
export type StoredItem = v.InferOutput<typeof ItemSchema>;

const DraftSchema = v.looseObject({
  id: v.string(),
  fields: v.looseObject({ title: v.optional(v.string(), ''), description: v.optional(v.string(), '') }),
  queuedItemId: v.optional(v.string()),
});

function readStore(page: Page, database: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    ([database, store]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            resolve(all.result as unknown[]);
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    [database, store] as const,
  );
}

/** The outbox items of one person (another person's would not be theirs to act on), superseded ones left out. */
export async function readOutbox(page: Page, ownerId: string): Promise<StoredItem[]> {
  const items = (await readStore(page, 'efie-outbox', 'items')).map((raw) => v.parse(ItemSchema, raw));
  return items.filter((item) => item.ownerId === ownerId && !item.supersededBy);
}

/** The descriptions of the drafts "Your drafts" would offer (not handed to the outbox). */
export async function readOpenDraftDescriptions(page: Page): Promise<string[]> {
  const drafts = (await readStore(page, 'efie-drafts', 'drafts')).map((raw) => v.parse(DraftSchema, raw));
  return drafts.filter((draft) => draft.queuedItemId === undefined).map((draft) => draft.fields.description);
}
