import { formatPrice as priceIn } from '../../api/contract/price-text.ts';
import { AMENITIES as AMENITY_IDS } from '../../api/contract/properties.schema.ts';
import { localeTag, t, tn } from '../i18n/i18n.ts';
import type { MessageId } from '../i18n/catalog.ts';

/** One formatting of a price for the app and the server's link previews, in the active language. */
export const formatPrice = (property: Parameters<typeof priceIn>[0]) => priceIn(property, localeTag());

/** A whole number in the active language's digits ("1,200", "1 200"). */
export const formatNumber = (value: number) => value.toLocaleString(localeTag());

/** A message chosen by a value from the contract ("period.month"), or the value itself when the catalog has none. */
const labelOf = (prefix: string, value: string) => {
  const text = t(`${prefix}.${value}` as MessageId);
  return text === undefined || text.startsWith(`${prefix}.`) ? value : text;
};

export const periodLabel = (period: string | undefined) => `/${labelOf('period', period ?? 'month')}`;

/** "Apartment", "Appartement": a property type or category as the app names it. */
export const propertyTypeLabel = (type: string) => labelOf('propertyType', type);
export const categoryLabel = (category: string) => labelOf('category', category);
export const amenityLabel = (amenity: string) => labelOf('amenity', amenity);

/** "1 property", "3 properties": a count with its noun, plural unless it is one (English only). */
export const countOf = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The months of rent a listing asks up front, as its page says them: "Rent up front: 1 month", "No rent up front". */
export const advanceRentText = (months: number) =>
  months === 0 ? t('advanceRent.none') : t('advanceRent.upFront', { months: tn('count.month', months) });

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Long date in the active language ("January 5, 2026", "5 janvier 2026"), or N/A. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return t('common.notAvailable');
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? t('common.notAvailable')
    : date.toLocaleDateString(localeTag(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Images may arrive as an array, a JSON string or a single string (spec part 1 §3). */
export function imageList(images: unknown, image?: string | null): string[] {
  if (Array.isArray(images)) return images.filter((item): item is string => typeof item === 'string' && item !== '');
  if (typeof images === 'string' && images) {
    try {
      const parsed: unknown = JSON.parse(images);
      if (Array.isArray(parsed)) return imageList(parsed);
    } catch {
      return [images];
    }
    return [images];
  }
  return image ? [image] : [];
}

/** The amenities a listing may offer, with their names in the active language. */
export const amenityEntries = (): [string, string][] => AMENITY_IDS.map((id) => [id, amenityLabel(id)]);
