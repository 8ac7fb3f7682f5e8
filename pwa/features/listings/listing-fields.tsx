import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { amenityEntries, categoryLabel, propertyTypeLabel } from '../../lib/format.ts';
import { smallImageUrl } from '../../lib/image-url.ts';
import type { PreparedPhoto } from './photo-intake.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { PlaceFields } from './place-fields.tsx';
import { AdvanceRentField } from './advance-rent-field.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { ROOMS_MIN, type ListingDraft } from './listing-form.schema.ts';
import { useUploadImages } from './upload-images.ts';
import { useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

type Props = { draft: ListingDraft; onChange: (patch: Partial<ListingDraft>) => void };
const opt = (value: string, label: string) => ({ value, label });
const typeOpt = (value: string) => opt(value, propertyTypeLabel(value));
const categoryOpt = (value: string) => opt(value, categoryLabel(value));

export function BasicsFields({ draft, onChange }: Props) {
  const { t } = useT(enHost);
  return (
    <div className="grid gap-4">
      <TextField
        label={t('host.title')}
        value={draft.title}
        onChange={(event) => onChange({ title: event.target.value })}
        placeholder={t('host.titlePlaceholder')}
      />
      <TextAreaField
        label={t('host.description')}
        value={draft.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('host.propertyType')}
          value={draft.propertyType}
          onValueChange={(propertyType) => onChange({ propertyType })}
          options={[typeOpt('apartment'), typeOpt('house'), typeOpt('studio'), typeOpt('room')]}
        />
        <SelectField
          label={t('host.category')}
          value={draft.category}
          onValueChange={(category) => onChange({ category })}
          options={[categoryOpt('general'), categoryOpt('student'), categoryOpt('corporate'), categoryOpt('tourist')]}
        />
        <SelectField
          label={t('host.listingType')}
          value={draft.listingType}
          // A listing for sale asks no rent up front (the server clears it too).
          onValueChange={(listingType) =>
            onChange({ listingType, ...(listingType === 'rent' ? {} : { advanceRentMonths: '' }) })
          }
          options={[opt('rent', t('host.forRent')), opt('sale', t('host.forSale'))]}
        />
      </div>
    </div>
  );
}

/** `priceMin`: the price input's minimum (spec part 1 §5: 1 in the wizard, 0 in the edit form); rooms follow ROOMS_MIN in both. */
export function LocationPriceFields({ draft, onChange, priceMin }: Props & { priceMin: number }) {
  const { t } = useT(enHost);
  return (
    <div className="grid gap-4">
      <PlaceFields draft={draft} onChange={onChange} />
      <TextField
        label={t('host.address')}
        value={draft.address}
        onChange={(event) => onChange({ address: event.target.value })}
        placeholder={t('host.addressPlaceholder')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t('host.price')}
          inputMode="decimal"
          value={draft.pricePerNight}
          onChange={(event) => onChange({ pricePerNight: event.target.value })}
          placeholder={priceMin > 0 ? t('host.pricePlaceholder') : '0'}
        />
        <SelectField
          label={t('host.currency')}
          value={draft.currency}
          onValueChange={(currency) => onChange({ currency })}
          options={[opt('GH₵', t('host.cedi')), opt('$', t('host.dollar'))]}
        />
        <SelectField
          label={t('host.per')}
          value={draft.pricingPeriod}
          onValueChange={(pricingPeriod) => onChange({ pricingPeriod })}
          options={[opt('week', t('host.week')), opt('month', t('host.month')), opt('year', t('host.year'))]}
        />
      </div>
      {draft.listingType === 'rent' && <AdvanceRentField draft={draft} onChange={onChange} />}
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('host.bedrooms')}
          type="number"
          min={ROOMS_MIN.bedrooms}
          value={draft.bedrooms}
          onChange={(event) => onChange({ bedrooms: event.target.value })}
        />
        <TextField
          label={t('host.bathrooms')}
          type="number"
          min={ROOMS_MIN.bathrooms}
          value={draft.bathrooms}
          onChange={(event) => onChange({ bathrooms: event.target.value })}
        />
      </div>
    </div>
  );
}

export function AmenityFields({ draft, onChange }: Props) {
  const { t } = useT(enHost);
  const toggle = (id: string) =>
    onChange({
      amenities: draft.amenities.includes(id)
        ? draft.amenities.filter((item) => item !== id)
        : [...draft.amenities, id],
    });
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('host.amenities')}</legend>
      <div className="flex flex-wrap gap-2">
        {amenityEntries().map(([id, label]) => (
          <label
            key={id}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-3 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
          >
            <input
              type="checkbox"
              checked={draft.amenities.includes(id)}
              onChange={() => toggle(id)}
              className="accent-teal-700"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The edit form's photos: made smaller on the phone, then uploaded at once. `onBusy` tells
 * the form while picked photos are being prepared or uploaded: saving then would leave them out.
 */
export function PhotoFields({
  draft,
  onChange,
  onBusy,
  failureTitle,
}: Props & { onBusy: (busy: boolean) => void; failureTitle: string }) {
  const upload = useUploadImages();
  const { t } = useT(enHost);
  const [preparing, setPreparing] = useState(false);
  // The latest photos: an upload answering after a photo was removed adds to what is there then.
  const images = useRef(draft.images);
  images.current = draft.images;
  const busy = preparing || upload.isPending;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const send = (photos: PreparedPhoto[]) =>
    upload.mutate(photos, {
      onSuccess: (urls) => onChange({ images: [...images.current, ...urls] }),
      onError: (error) =>
        toast({
          title: failureTitle,
          description: errorText(error, t('host.photosNotSaved')),
          variant: 'destructive',
        }),
    });
  return (
    <div className="grid gap-3">
      <PhotoPicker disabled={upload.isPending} preparing={preparing} onPrepared={send} onPreparing={setPreparing} />
      {upload.isPending && <Spinner label={t('host.uploadingPhotos')} />}
      {draft.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('host.uploadedPhotos')}>
          {draft.images.map((url, index) => (
            <li key={url} className="relative">
              <img
                src={smallImageUrl(url)}
                alt={t('host.photo', { number: index + 1 })}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-md bg-stone-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange({ images: draft.images.filter((item) => item !== url) })}
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
