import { useEffect, useMemo } from 'react';
import type { DraftPhoto, DraftRecord } from './drafts-store.ts';
import { draftPhoto } from './listing-drafts.ts';
import type { PreparedPhoto } from './photo-intake.ts';
import { PhotoPicker } from './photo-picker.tsx';

// The wizard's offline parts: the list of saved drafts, and photos kept on the device.

const when = (time: number) =>
  new Date(time).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function DraftChooser<F>({
  drafts,
  titleOf,
  onResume,
  onDelete,
  onNew,
}: {
  drafts: DraftRecord<F>[];
  titleOf: (fields: F) => string;
  onResume: (draft: DraftRecord<F>) => void;
  onDelete: (id: string) => void;
  onNew: () => void;
}) {
  return (
    <section aria-labelledby="drafts-heading" className="grid gap-4">
      <h2 id="drafts-heading" className="text-lg font-semibold">
        Your drafts
      </h2>
      <p className="text-sm text-stone-700">
        Saved on this device, photos included. Pick one up where you left it, or start a new listing.
      </p>
      <ul aria-label="Drafts" className="grid gap-2">
        {drafts.map((draft) => {
          const title = titleOf(draft.fields).trim() || 'Untitled listing';
          return (
            <li key={draft.id} className="flex flex-wrap items-center gap-3 rounded-md border border-stone-200 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{title}</p>
                <p className="text-sm text-stone-700">
                  {draft.photos.length} {draft.photos.length === 1 ? 'photo' : 'photos'} · saved {when(draft.updatedAt)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onResume(draft)}
                aria-label={`Resume ${title}`}
                className="rounded-md bg-teal-700 px-3 py-2 text-sm font-medium text-white"
              >
                Resume
              </button>
              <button
                type="button"
                onClick={() => onDelete(draft.id)}
                aria-label={`Delete draft ${title}`}
                className="rounded-md border border-red-300 px-3 py-2 text-sm text-red-800"
              >
                Delete
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onNew}
        className="justify-self-start rounded-md border border-stone-300 px-4 py-2 text-sm font-medium"
      >
        Start a new listing
      </button>
    </section>
  );
}

/**
 * Photos of a draft: made smaller and kept on the device; uploaded when the listing is sent.
 * `preparing` is the wizard's (it must not submit the listing while picked photos are being made
 * smaller): photos cannot be removed meanwhile either.
 */
export function DraftPhotoFields({
  photos,
  onChange,
  preparing,
  onPreparing,
}: {
  photos: DraftPhoto[];
  onChange: (photos: DraftPhoto[]) => void;
  preparing: boolean;
  onPreparing: (preparing: boolean) => void;
}) {
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo.blob)), [photos]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  const keep = (prepared: PreparedPhoto[]) => onChange([...photos, ...prepared.map(draftPhoto)]);
  return (
    <div className="grid gap-3">
      <PhotoPicker
        disabled={false}
        preparing={preparing}
        onPrepared={keep}
        onPreparing={onPreparing}
        note="They are kept on this device with your draft and uploaded when you submit (or when you are back online)."
      />
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Uploaded photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={urls[index]}
                alt={`Photo ${index + 1}`}
                width={photo.width}
                height={photo.height}
                className="aspect-[4/3] w-full rounded-md bg-stone-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(photos.filter((item) => item.id !== photo.id))}
                disabled={preparing}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute right-1 top-1 rounded-full bg-white/90 px-2 text-lg leading-none shadow"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
