import type { ChangeEvent } from 'react'
import { errorText } from '../../lib/api-client'
import { citiesOf, COUNTRIES, defaultCurrencyOf, IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '../../lib/contract'
import { AMENITIES } from '../../lib/format'
import { smallImageUrl } from '../../lib/image-url'
import { TextAreaField, TextField } from '../../ui/field'
import { SelectField } from '../../ui/select'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import type { ListingDraft } from './listing-form.schema'
import { useUploadImages } from './upload-images'

type Props = { draft: ListingDraft; onChange: (patch: Partial<ListingDraft>) => void }
const opt = (value: string, label: string) => ({ value, label })

export function BasicsFields({ draft, onChange }: Props) {
  return (
    <div className="grid gap-4">
      <TextField label="Title *" value={draft.title} onChange={(event) => onChange({ title: event.target.value })} placeholder="e.g. Bright 2-bedroom flat in East Legon" />
      <TextAreaField label="Description *" value={draft.description} onChange={(event) => onChange({ description: event.target.value })} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Property type" value={draft.propertyType} onValueChange={(propertyType) => onChange({ propertyType })}
          options={[opt('apartment', 'Apartment'), opt('house', 'House'), opt('studio', 'Studio'), opt('room', 'Room')]} />
        <SelectField label="Category" value={draft.category} onValueChange={(category) => onChange({ category })}
          options={[opt('general', 'General'), opt('student', 'Student'), opt('corporate', 'Corporate'), opt('tourist', 'Tourist')]} />
        <SelectField label="Listing type" value={draft.listingType} onValueChange={(listingType) => onChange({ listingType })}
          options={[opt('rent', 'For rent'), opt('sale', 'For sale')]} />
      </div>
    </div>
  )
}

export function LocationPriceFields({ draft, onChange, roomsMin }: Props & { roomsMin: { bedrooms: number; bathrooms: number; price: number } }) {
  const cities = citiesOf(draft.country)
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Changing the country clears the city and picks its currency. */}
        <SelectField label="Country *" value={draft.country} onValueChange={(country) => onChange({ country, city: '', currency: defaultCurrencyOf(country) })}
          options={COUNTRIES.map((country) => opt(country, country))} />
        <SelectField label="City *" placeholder="Select a city" value={draft.city} onValueChange={(city) => onChange({ city })}
          options={cities.map((city) => opt(city, city))} />
      </div>
      <TextField label="Address" value={draft.address} onChange={(event) => onChange({ address: event.target.value })} placeholder="Street and area (optional)" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Price *" inputMode="decimal" value={draft.price} onChange={(event) => onChange({ price: event.target.value })} placeholder={roomsMin.price > 0 ? 'e.g. 1500' : '0'} />
        <SelectField label="Currency" value={draft.currency} onValueChange={(currency) => onChange({ currency })} options={[opt('GH₵', 'GH₵ (cedi)'), opt('$', '$ (dollar)')]} />
        <SelectField label="Per" value={draft.pricingPeriod} onValueChange={(pricingPeriod) => onChange({ pricingPeriod })}
          options={[opt('week', 'Week'), opt('month', 'Month'), opt('year', 'Year')]} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Bedrooms" type="number" min={roomsMin.bedrooms} value={draft.bedrooms} onChange={(event) => onChange({ bedrooms: event.target.value })} />
        <TextField label="Bathrooms" type="number" min={roomsMin.bathrooms} value={draft.bathrooms} onChange={(event) => onChange({ bathrooms: event.target.value })} />
      </div>
    </div>
  )
}

export function AmenityFields({ draft, onChange }: Props) {
  const toggle = (id: string) =>
    onChange({ amenities: draft.amenities.includes(id) ? draft.amenities.filter((item) => item !== id) : [...draft.amenities, id] })
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Amenities</legend>
      <div className="flex flex-wrap gap-2">
        {Object.entries(AMENITIES).map(([id, label]) => (
          <label key={id} className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-3 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50">
            <input type="checkbox" checked={draft.amenities.includes(id)} onChange={() => toggle(id)} className="accent-teal-700" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const TYPES: readonly string[] = IMAGE_MIME_TYPES

export function PhotoFields({ draft, onChange, mode, failureTitle }: Props & { mode: 'json' | 'multipart'; failureTitle: string }) {
  const upload = useUploadImages(mode)
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    const refused = files.find((file) => !TYPES.includes(file.type) || file.size > MAX_IMAGE_BYTES)
    if (refused) {
      toast({ title: failureTitle, description: `${refused.name}: images must be JPG, PNG, GIF or WebP and at most 5MB.`, variant: 'destructive' })
      return
    }
    if (files.length === 0) return
    upload.mutate(files, {
      onSuccess: (urls) => onChange({ images: [...draft.images, ...urls] }),
      onError: (error) =>
        toast({ title: failureTitle, ...(mode === 'json' ? { description: errorText(error, 'Please try again.') } : {}), variant: 'destructive' }),
    })
  }
  return (
    <div className="grid gap-3">
      <label className="grid gap-1">
        <span className="text-sm font-medium">Photos (JPG, PNG, GIF, up to 5MB each)</span>
        <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" multiple onChange={pick} disabled={upload.isPending}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:text-white" />
      </label>
      {upload.isPending && <Spinner label="Uploading photos" />}
      {draft.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Uploaded photos">
          {draft.images.map((url, index) => (
            <li key={url} className="relative">
              <img src={smallImageUrl(url)} alt={`Photo ${index + 1}`} width={400} height={300} loading="lazy" className="aspect-[4/3] w-full rounded-md bg-stone-200 object-cover" />
              <button type="button" onClick={() => onChange({ images: draft.images.filter((item) => item !== url) })}
                aria-label={`Remove photo ${index + 1}`} className="absolute right-1 top-1 rounded-full bg-white/90 px-2 text-lg leading-none shadow">×</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
