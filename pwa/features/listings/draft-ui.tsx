import { useEffect, useMemo } from 'react';
import type { DraftPhoto, DraftRecord } from './drafts-store.ts';
import { draftPhoto } from './listing-drafts.ts';
import type { PreparedPhoto } from './photo-intake.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { currentLanguage, localeTag, t, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

// The wizard's offline parts: the list of saved drafts, and photos kept on the device.

const when = (time: number) =>
  new Date(time).toLocaleString(currentLanguage().code === 'en' ? 'en-GB' : localeTag(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

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
  const { t, tn } = useT(enHost);
  return (
    <section aria-labelledby="drafts-heading" className="grid gap-4">
      <h2 id="drafts-heading" className="text-lg font-semibold">
        {t('host.yourDrafts')}
      </h2>
      <p className="text-sm text-stone-700">{t('host.draftsText')}</p>
      <ul aria-label={t('host.drafts')} className="grid gap-2">
        {drafts.map((draft) => {
          const title = titleOf(draft.fields).trim() || t('host.untitled');
          return (
            <li key={draft.id} className="flex flex-wrap items-center gap-3 rounded-md border border-stone-200 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{title}</p>
                <p className="text-sm text-stone-700">
                  {tn('host.draftPhotos', draft.photos.length, { when: when(draft.updatedAt) })}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onResume(draft)}
                aria-label={t('host.resumeTitle', { title })}
                className="rounded-md bg-teal-700 px-3 py-2 text-sm font-medium text-white"
              >
                {t('host.resume')}
              </button>
              <button
                type="button"
                onClick={() => onDelete(draft.id)}
                aria-label={t('host.deleteDraft', { title })}
                className="rounded-md border border-red-300 px-3 py-2 text-sm text-red-800"
              >
                {t('host.deleteDraftButton')}
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
        {t('host.startNew')}
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
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('host.uploadedPhotos')}>
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={urls[index]}
                alt={t('host.photo', { number: index + 1 })}
                width={photo.width}
                height={photo.height}
                className="aspect-[4/3] w-full rounded-md bg-stone-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(photos.filter((item) => item.id !== photo.id))}
                disabled={preparing}
                aria-label={t('host.removePhoto', { number: index + 1 })}
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
