import { createStore, del, promisifyRequest, values } from 'idb-keyval';
import { transact } from '../../offline/idb-transaction.ts';
import { DRAFT_SCHEMA_VERSION, upgradeDraft, type DraftPhoto, type DraftRecord } from './draft.schema.ts';
import { storageFailure, StorageFullError } from '../../offline/storage-errors.ts';
import { askForPersistentStorage } from '../../offline/storage-persistence.ts';

export type { DraftPhoto, DraftRecord } from './draft.schema.ts';
export { StorageFullError };

// Listing drafts with their photos (downscaled Blobs), in their own IndexedDB database:
// they survive closing the app and a new build, and never enter the query cache.
// A draft handed to the outbox (queuedItemId) is locked: the wizard's saves leave it alone.

const store = () => createStore('efie-drafts', 'drafts');

export async function listDrafts(ownerId: string): Promise<DraftRecord[]> {
  const all = (await values<unknown>(store())).map(upgradeDraft);
  return all
    .filter((draft): draft is DraftRecord => draft?.ownerId === ownerId)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}
export const getDraft = async (id: string) =>
  upgradeDraft(await store()('readonly', (drafts) => promisifyRequest(drafts.get(id))));
export const deleteDraft = (id: string) => del(id, store());

/** Reads, decides and writes one draft in one transaction; answers what is stored afterwards. */
async function changeDraft(
  id: string,
  decide: (current: DraftRecord | undefined) => DraftRecord | 'keep',
  what: string,
) {
  let after: DraftRecord | undefined;
  try {
    await transact(store(), 'readwrite', (drafts, guard) => {
      const read = drafts.get(id);
      read.onsuccess = guard(() => {
        const current = upgradeDraft(read.result);
        const decision = decide(current);
        if (decision === 'keep') {
          after = current;
          return;
        }
        after = { ...decision, schemaVersion: DRAFT_SCHEMA_VERSION };
        drafts.put(after, id);
      });
    });
  } catch (error) {
    throw storageFailure(error, what);
  }
  return after;
}

/** A photo as the sender left it wins over the wizard's copy: its upload and a smaller version. */
function keepSenderState(photos: DraftPhoto[], stored: DraftPhoto[] | undefined): DraftPhoto[] {
  return photos.map((photo) => {
    const kept = stored?.find((candidate) => candidate.id === photo.id);
    if (!kept) return photo;
    if (kept.level > photo.level) return kept;
    const uploadedUrl = photo.uploadedUrl ?? kept.uploadedUrl;
    return { ...photo, ...(uploadedUrl ? { uploadedUrl } : {}), stalls: Math.max(photo.stalls, kept.stalls) };
  });
}

/** The wizard's save: refused in silence for a draft now in the outbox (it is locked). */
export async function saveDraft(draft: DraftRecord) {
  await changeDraft(
    draft.id,
    (current) =>
      current?.queuedItemId && current.queuedItemId !== draft.queuedItemId
        ? 'keep'
        : { ...draft, photos: keepSenderState(draft.photos, current?.photos) },
    'this draft could not be saved',
  );
  void askForPersistentStorage();
}

/**
 * Hands the draft to the outbox item `itemId`, unless it already is in the outbox: then
 * answers the item that has it (one draft, one create). Saves the draft as it is on screen.
 */
export async function markDraftQueued(draft: DraftRecord, itemId: string): Promise<string> {
  const after = await changeDraft(
    draft.id,
    (current) =>
      current?.queuedItemId
        ? 'keep'
        : {
            ...draft,
            photos: keepSenderState(draft.photos, current?.photos),
            queuedItemId: itemId,
            queuedAt: Date.now(),
            updatedAt: Date.now(),
          },
    'this listing could not be kept to send',
  );
  return after?.queuedItemId ?? itemId;
}

/** Gives the draft back to the wizard (its item was refused, discarded or never stored). */
export async function unmarkDraftQueued(draftId: string, itemId: string) {
  await changeDraft(
    draftId,
    (current) => {
      if (!current || current.queuedItemId !== itemId) return 'keep';
      const { queuedItemId: _item, queuedAt: _at, ...rest } = current;
      return { ...rest, updatedAt: Date.now() };
    },
    'the draft could not be reopened',
  );
}

/** The sender's record of an uploaded photo (or of its stalls, or a smaller version of it). */
export async function changeDraftPhoto(draftId: string, photoId: string, change: (photo: DraftPhoto) => DraftPhoto) {
  await changeDraft(
    draftId,
    (current) =>
      current?.photos.some((photo) => photo.id === photoId)
        ? { ...current, photos: current.photos.map((photo) => (photo.id === photoId ? change(photo) : photo)) }
        : 'keep',
    'the upload could not be recorded',
  );
}

/** Drafts marked as queued for an item that does not exist (the app was killed in between). */
export async function repairOrphanedDrafts(itemExists: (id: string) => boolean, graceMs = 60_000) {
  for (const draft of (await values<unknown>(store())).map(upgradeDraft)) {
    if (!draft?.queuedItemId || itemExists(draft.queuedItemId)) continue;
    if (Date.now() - (draft.queuedAt ?? 0) < graceMs) continue;
    await unmarkDraftQueued(draft.id, draft.queuedItemId);
  }
}
