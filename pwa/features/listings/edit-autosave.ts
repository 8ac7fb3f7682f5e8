import { createStore, del, get, set } from 'idb-keyval';
import * as v from 'valibot';
import { ListingValuesSchema } from './listing-edit-diff.ts';

// What a person has typed into a listing's edit form and not yet saved, kept on the device
// per person and listing: a phone short of memory may kill the tab while the photo picker is
// open, and the form comes back as it was. Cleared once the edit is saved or queued.

const store = () => createStore('efie-edit-autosave', 'forms');
const keyOf = (ownerId: string, propertyId: string) => `${ownerId}:${propertyId}`;

/** Read back from IndexedDB (a boundary, written by this or an older version of the app). */
const EditAutosaveSchema = v.object({
  ownerId: v.string(),
  propertyId: v.string(),
  savedAt: v.number(),
  /** The version the form was filled from, and that copy's values. */
  baseVersion: v.number(),
  baseValues: ListingValuesSchema,
  /** The form's own state: the form checks its shape. */
  form: v.unknown(),
  /** The refused outbox item the form was opened from, replaced once this is saved. */
  fromItem: v.optional(v.string()),
});
export type EditAutosave = v.InferOutput<typeof EditAutosaveSchema>;

export async function readEditAutosave(ownerId: string, propertyId: string): Promise<EditAutosave | null> {
  try {
    const parsed = v.safeParse(EditAutosaveSchema, await get(keyOf(ownerId, propertyId), store()));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Best effort: a full disk must not stop the person typing (the form says nothing; saving still works). */
export async function writeEditAutosave(autosave: EditAutosave): Promise<boolean> {
  try {
    await set(keyOf(autosave.ownerId, autosave.propertyId), autosave, store());
    return true;
  } catch {
    return false;
  }
}

export async function clearEditAutosave(ownerId: string, propertyId: string) {
  try {
    await del(keyOf(ownerId, propertyId), store());
  } catch {
    // Nothing to clear, or the database is unavailable: the next save overwrites it.
  }
}
