import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { AMENITIES } from '../../lib/format.ts';
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

type Props = { draft: ListingDraft; onChange: (patch: Partial<ListingDraft>) => void };
const opt = (value: string, label: string) => ({ value, label });

export function BasicsFields({ draft, onChange }: Props) {
  return (
    <div className="grid gap-4">
      <TextField
        label="Title *"
        value={draft.title}
        onChange={(event) => onChange({ title: event.target.value })}
        placeholder="e.g. Bright 2-bedroom flat in East Legon"
      />
      <TextAreaField
        label="Description *"
        value={draft.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Property type"
          value={draft.propertyType}
          onValueChange={(propertyType) => onChange({ propertyType })}
          options={[opt('apartment', 'Apartment'), opt('house', 'House'), opt('studio', 'Studio'), opt('room', 'Room')]}
        />
        <SelectField
          label="Category"
          value={draft.category}
          onValueChange={(category) => onChange({ category })}
          options={[
            opt('general', 'General'),
            opt('student', 'Student'),
            opt('corporate', 'Corporate'),
            opt('tourist', 'Tourist'),
          ]}
        />
        <SelectField
          label="Listing type"
          value={draft.listingType}
          // A listing for sale asks no rent up front (the server clears it too).
          onValueChange={(listingType) =>
            onChange({ listingType, ...(listingType === 'rent' ? {} : { advanceRentMonths: '' }) })
          }
          options={[opt('rent', 'For rent'), opt('sale', 'For sale')]}
        />
      </div>
    </div>
  );
}

/** `priceMin`: the price input's minimum (spec part 1 §5: 1 in the wizard, 0 in the edit form); rooms follow ROOMS_MIN in both. */
export function LocationPriceFields({ draft, onChange, priceMin }: Props & { priceMin: number }) {
  return (
    <div className="grid gap-4">
      <PlaceFields draft={draft} onChange={onChange} />
      <TextField
        label="Address"
        value={draft.address}
        onChange={(event) => onChange({ address: event.target.value })}
        placeholder="Street and area (optional)"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Price *"
          inputMode="decimal"
          value={draft.pricePerNight}
          onChange={(event) => onChange({ pricePerNight: event.target.value })}
          placeholder={priceMin > 0 ? 'e.g. 1500' : '0'}
        />
        <SelectField
          label="Currency"
          value={draft.currency}
          onValueChange={(currency) => onChange({ currency })}
          options={[opt('GH₵', 'GH₵ (cedi)'), opt('$', '$ (dollar)')]}
        />
        <SelectField
          label="Per"
          value={draft.pricingPeriod}
          onValueChange={(pricingPeriod) => onChange({ pricingPeriod })}
          options={[opt('week', 'Week'), opt('month', 'Month'), opt('year', 'Year')]}
        />
      </div>
      {draft.listingType === 'rent' && <AdvanceRentField draft={draft} onChange={onChange} />}
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Bedrooms"
          type="number"
          min={ROOMS_MIN.bedrooms}
          value={draft.bedrooms}
          onChange={(event) => onChange({ bedrooms: event.target.value })}
        />
        <TextField
          label="Bathrooms"
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
  const toggle = (id: string) =>
    onChange({
      amenities: draft.amenities.includes(id)
        ? draft.amenities.filter((item) => item !== id)
        : [...draft.amenities, id],
    });
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Amenities</legend>
      <div className="flex flex-wrap gap-2">
        {Object.entries(AMENITIES).map(([id, label]) => (
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
          description: errorText(error, 'The photos were not saved. Please pick them again.'),
          variant: 'destructive',
        }),
    });
  return (
    <div className="grid gap-3">
      <PhotoPicker disabled={upload.isPending} preparing={preparing} onPrepared={send} onPreparing={setPreparing} />
      {upload.isPending && <Spinner label="Uploading photos" />}
      {draft.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Uploaded photos">
          {draft.images.map((url, index) => (
            <li key={url} className="relative">
              <img
                src={smallImageUrl(url)}
                alt={`Photo ${index + 1}`}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-md bg-stone-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange({ images: draft.images.filter((item) => item !== url) })}
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
