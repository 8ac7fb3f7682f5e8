import { useState, type ChangeEvent } from 'react';
import { preparePhotos, type PreparedPhoto, type RefusedPhoto } from './photo-intake.ts';
import { RefusedPhotosNotice } from './refused-photos-notice.tsx';
import { t } from '../../i18n/i18n.ts';

// The photo input of the wizard and the edit form: a phone offers its camera and its gallery
// (accept image/*), each picked photo is made smaller on the phone (photo-intake.ts), and
// those that cannot be used are named on screen with why, the others kept.

/**
 * `onPrepared` gets the photos ready to keep or upload. `preparing` (true while picked photos are
 * being made smaller: a form must not be sent without them then) is kept by the form that owns
 * the photos, which `onPreparing` tells.
 */
export function PhotoPicker({
  disabled,
  note,
  preparing,
  onPrepared,
  onPreparing,
}: {
  disabled: boolean;
  /** Said after the hint: what happens to the photos next. */
  note?: string;
  preparing: boolean;
  onPrepared: (photos: PreparedPhoto[]) => void | Promise<void>;
  onPreparing: (preparing: boolean) => void;
}) {
  const [refused, setRefused] = useState<{ photos: RefusedPhoto[]; added: number }>({ photos: [], added: 0 });
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setRefused({ photos: [], added: 0 });
    onPreparing(true);
    try {
      const { prepared, refused: notUsed } = await preparePhotos(files);
      setRefused({ photos: notUsed, added: prepared.length });
      if (prepared.length > 0) await onPrepared(prepared);
    } finally {
      onPreparing(false);
    }
  };

  return (
    <>
      <label className="grid gap-1">
        <span className="text-sm font-medium">{t('host.photosLabel')}</span>
        <input
          type="file"
          accept="image/*"
          multiple
          onChange={(event) => void pick(event)}
          disabled={disabled || preparing}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:text-white"
        />
      </label>
      <p className="text-xs text-stone-700">
        {t('host.photosHint')}
        {note ? ` ${note}` : ''}
      </p>
      {preparing && (
        <p role="status" className="text-sm">
          {t('host.preparingPhotos')}
        </p>
      )}
      <RefusedPhotosNotice
        refused={refused.photos}
        added={refused.added}
        onClose={() => setRefused({ photos: [], added: 0 })}
      />
    </>
  );
}
