import { useCallback, useEffect, useRef, useState } from 'react';
import {
  deleteDraft,
  getDraft,
  listDrafts,
  markDraftQueued,
  saveDraft,
  unmarkDraftQueued,
  type DraftPhoto,
  type DraftRecord,
} from './drafts-store.ts';
import type { PreparedPhoto } from './photo-intake.ts';
import { listen, newId, fresh, getItem, putItem, removeItem } from '../../offline/outbox-store.ts';
import type { CreateListingItem } from './listing-outbox-items.ts';
import { kickOutbox, requestDrain } from '../../offline/outbox-runtime.ts';
import { StorageError, storageFailure, StorageFullError } from '../../offline/storage-errors.ts';

// The list-property wizard's drafts: saved as the host types (photos as downscaled
// Blobs), several per host, resumable after the app was closed, submitted through the
// outbox so that a listing made offline is sent (each photo uploaded once) later.

const SAVE_DELAY_MS = 300;

export type DraftsState<F> =
  | { mode: 'loading' }
  | { mode: 'choose'; drafts: DraftRecord<F>[] }
  | { mode: 'edit'; draft: DraftRecord<F> };

export function useListingDrafts<F>(
  ownerId: string,
  empty: () => F,
  requestedId: string | undefined,
  onSaveError: (error: Error) => void,
) {
  const [state, setState] = useState<DraftsState<F>>({ mode: 'loading' });
  const pending = useRef<DraftRecord<F> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set while the draft is being handed to the outbox: no change may reach it then.
  const locked = useRef(false);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const draft = pending.current;
    pending.current = null;
    if (!draft) return;
    try {
      await saveDraft(draft as DraftRecord);
    } catch (error) {
      // Kept in memory (and on screen): the next change or leaving the page tries again.
      pending.current ??= draft;
      onSaveError(error instanceof Error ? error : new Error(String(error)));
    }
  }, [onSaveError]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const requested = requestedId ? await getDraft(requestedId) : undefined;
      const drafts = (await listDrafts(ownerId)).filter((draft) => !draft.queuedItemId) as DraftRecord<F>[];
      if (cancelled) return;
      if (requested && requested.ownerId === ownerId && !requested.queuedItemId)
        setState({ mode: 'edit', draft: requested as DraftRecord<F> });
      else if (drafts.length > 0) setState({ mode: 'choose', drafts });
      else setState({ mode: 'edit', draft: newDraft(ownerId, empty()) });
    })();
    return () => {
      cancelled = true;
    };
  }, [ownerId, requestedId, empty]);

  // Leaving the page (or the app) writes what is pending.
  useEffect(() => () => void flush(), [flush]);

  /** Changes the draft on screen and saves it shortly after (the first change creates it). */
  const update = useCallback(
    (patch: Partial<Pick<DraftRecord<F>, 'photos' | 'step'>> & { fields?: Partial<F> }) => {
      setState((old) => {
        if (old.mode !== 'edit' || locked.current || old.draft.queuedItemId) return old;
        const draft = {
          ...old.draft,
          ...patch,
          fields: { ...old.draft.fields, ...patch.fields },
          updatedAt: Date.now(),
        };
        pending.current = draft;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
        return { mode: 'edit', draft };
      });
    },
    [flush],
  );

  const resume = (draft: DraftRecord<F>) => setState({ mode: 'edit', draft });
  const startNew = () => setState({ mode: 'edit', draft: newDraft(ownerId, empty()) });
  const remove = async (id: string) => {
    await deleteDraft(id);
    const drafts = (await listDrafts(ownerId)).filter((draft) => !draft.queuedItemId) as DraftRecord<F>[];
    setState(drafts.length ? { mode: 'choose', drafts } : { mode: 'edit', draft: newDraft(ownerId, empty()) });
  };
  /** While submitting: changes are ignored (the controls are disabled too). */
  const setLocked = useCallback((value: boolean) => {
    locked.current = value;
  }, []);
  return { state, update, resume, startNew, remove, flush, setLocked };
}

function newDraft<F>(ownerId: string, fields: F): DraftRecord<F> {
  const now = Date.now();
  return { id: newId(), ownerId, createdAt: now, updatedAt: now, step: 0, fields, photos: [] };
}

/** A picked photo, made smaller (photo-intake.ts), as a photo of a draft. */
export const draftPhoto = ({ blob, width, height, level }: PreparedPhoto): DraftPhoto => ({
  id: newId(),
  blob,
  width,
  height,
  level,
  stalls: 0,
});

export type SubmitOutcome<P> =
  | { status: 'sent'; property: P }
  | { status: 'queued' }
  | { status: 'refused'; message: string; httpStatus?: number };

/**
 * Puts the draft in the outbox and tries to send it now. Online, the answer comes back
 * at once; offline (or with calls failing) the listing waits and is sent later.
 * The draft is marked first (one transaction, refused if it is already in the outbox: one
 * draft, one create), then the item is stored; if that fails the mark is taken back, and the
 * error (StorageFullError, StorageError) says what happened. An app stopped between the two
 * leaves a mark with no item, which the next drain gives back (repairOrphanedDrafts).
 */
export async function submitDraft<F, P extends { id: string }>(
  draft: DraftRecord<F>,
  body: CreateListingItem['body'],
  label: string,
): Promise<SubmitOutcome<P>> {
  // The draft's owner is the signed-in host who wrote it: the listing is sent only with their session.
  const item = fresh<CreateListingItem>({
    kind: 'create-listing',
    ownerId: draft.ownerId,
    draftId: draft.id,
    body,
    label,
  });
  const holder = await markDraftQueued(draft as DraftRecord, item.id);
  if (holder !== item.id) return { status: 'queued' };
  try {
    await putItem(item);
  } catch (error) {
    await unmarkDraftQueued(draft.id, item.id).catch(() => undefined);
    throw storageFailure(error, 'this listing could not be kept to send');
  }
  let sentResult: P | null = null;
  const stop = listen((message) => {
    if (message.type === 'sent' && message.item.id === item.id) sentResult = message.result as P;
  });
  try {
    await requestDrain(true);
    if (sentResult) return { status: 'sent', property: sentResult };
    const latest = await getItem(item.id);
    if (!latest) return sentResult ? { status: 'sent', property: sentResult } : { status: 'queued' };
    if (latest.status === 'failed') {
      // Refused at once, with the host still on the form: back to a draft they can fix
      // (the photos already uploaded stay recorded with it).
      await removeItem(item.id);
      await unmarkDraftQueued(draft.id, item.id);
      return {
        status: 'refused',
        message: latest.error ?? 'The listing was refused.',
        ...(latest.httpStatus ? { httpStatus: latest.httpStatus } : {}),
      };
    }
    kickOutbox();
    return { status: 'queued' };
  } finally {
    stop();
  }
}

export { StorageError, StorageFullError };
