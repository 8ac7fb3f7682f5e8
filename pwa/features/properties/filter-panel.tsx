import { useEffect, useState } from 'react';
import { RENT_ACT_ADVANCE_LIMIT_MONTHS } from '../../lib/contract.ts';
import { amenityEntries } from '../../lib/format.ts';
import { inputClass } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import type { SearchParams } from './search-params.ts';
import { t, useT } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { enFilters } from '../../i18n/en-filters.ts';

const ANY = 'any';
const opt = (value: string, label: string) => ({ value, label });
const typeOpt = (value: string) => opt(value, t(`propertyType.${value}` as MessageId));
const categoryOpt = (value: string) => opt(value, t(`category.${value}` as MessageId));

type Props = { params: SearchParams; onChange: (patch: Partial<SearchParams>) => void };

/** Every change goes through onChange, which also resets the page to 1. */
export function FilterPanel({ params, onChange }: Props) {
  const amenities = new Set((params.amenities ?? '').split(',').filter(Boolean));
  const toggleAmenity = (id: string) => {
    const next = new Set(amenities);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange({ amenities: next.size ? [...next].join(',') : undefined });
  };
  useT(enFilters);
  const pick = (key: keyof SearchParams) => (value: string) => onChange({ [key]: value === ANY ? undefined : value });
  return (
    <div
      id="filter-panel"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <SelectField
        label={t('filters.propertyType')}
        value={params.propertyType ?? params.type ?? ANY}
        onValueChange={(value) => onChange({ propertyType: value === ANY ? undefined : value, type: undefined })}
        options={[
          opt(ANY, t('filters.anyType')),
          typeOpt('apartment'),
          typeOpt('house'),
          typeOpt('studio'),
          typeOpt('room'),
        ]}
      />
      <SelectField
        label={t('filters.category')}
        value={params.category ?? ANY}
        onValueChange={pick('category')}
        options={[
          opt(ANY, t('filters.anyCategory')),
          categoryOpt('general'),
          categoryOpt('student'),
          categoryOpt('corporate'),
          categoryOpt('tourist'),
        ]}
      />
      <SelectField
        label={t('filters.listingType')}
        value={params.listingType ?? 'rent'}
        onValueChange={pick('listingType')}
        options={[opt('rent', t('filters.forRent')), opt('sale', t('filters.forSale'))]}
      />
      <SelectField
        label={t('filters.pricePeriod')}
        value={params.timePeriod ?? 'months'}
        onValueChange={pick('timePeriod')}
        options={[
          opt('weeks', t('filters.weekly')),
          opt('months', t('filters.monthly')),
          opt('years', t('filters.yearly')),
        ]}
      />
      <NumberInput
        id="filter-min-price"
        label={t('filters.minPrice')}
        value={params.minPrice}
        onChange={(minPrice) => onChange({ minPrice })}
      />
      <NumberInput
        id="filter-max-price"
        label={t('filters.maxPrice')}
        value={params.maxPrice}
        onChange={(maxPrice) => onChange({ maxPrice })}
      />
      <SelectField
        label={t('filters.bedrooms')}
        value={String(params.bedrooms ?? 0)}
        onValueChange={(value) => onChange({ bedrooms: Number(value) || undefined })}
        options={[
          opt('0', t('filters.any')),
          opt('1', '1+'),
          opt('2', '2+'),
          opt('3', '3+'),
          opt('4', '4+'),
          opt('5', '5+'),
        ]}
      />
      <NumberInput
        id="filter-guests"
        label={t('filters.guests')}
        value={params.guests ?? 1}
        min={1}
        onChange={(guests) => onChange({ guests: guests && guests > 1 ? guests : undefined })}
      />
      <AdvanceRentFilter params={params} onChange={onChange} />
      <fieldset className="sm:col-span-2 lg:col-span-4">
        <legend className="mb-2 text-sm font-medium">{t('filters.amenities')}</legend>
        <div className="flex flex-wrap gap-2">
          {amenityEntries().map(([id, label]) => (
            <label
              key={id}
              className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-3 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
            >
              <input
                type="checkbox"
                checked={amenities.has(id)}
                onChange={() => toggleAmenity(id)}
                className="accent-teal-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * "At most 6 months rent up front" (issue 33): the Rent Act's limit in Ghana. Listings that do not
 * say what they ask are left out by it, and the hint says so.
 */
function AdvanceRentFilter({ params, onChange }: Props) {
  const checked = params.maxAdvanceRent !== undefined && params.maxAdvanceRent <= RENT_ACT_ADVANCE_LIMIT_MONTHS;
  return (
    <div className="grid gap-1 sm:col-span-2 lg:col-span-4">
      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={checked}
          onChange={() => onChange({ maxAdvanceRent: checked ? undefined : RENT_ACT_ADVANCE_LIMIT_MONTHS })}
          aria-describedby="filter-advance-rent-hint"
          className="size-5 accent-teal-700"
        />
        {t('filters.advanceRent', { months: RENT_ACT_ADVANCE_LIMIT_MONTHS })}
      </label>
      <p id="filter-advance-rent-hint" className="text-sm text-stone-700">
        {t('filters.advanceRentHint')}
      </p>
    </div>
  );
}

/** Sends its value when the person pauses or leaves the field, not on every key (each change is a search). */
function NumberInput({
  id,
  label,
  value,
  min = 0,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  min?: number;
  onChange: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const parsed = text === '' ? undefined : Number(text);
  const commit = () => {
    if (parsed !== value && (parsed === undefined || (Number.isFinite(parsed) && parsed >= min))) onChange(parsed);
  };
  useEffect(() => {
    const timer = setTimeout(commit, 700);
    return () => clearTimeout(timer);
  });
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        className={inputClass}
      />
    </div>
  );
}
