const PERIOD_LABEL: Record<string, string> = { week: 'week', month: 'month', year: 'year' };

/** One formatting of a price for the app and the server's link previews. */
export { formatPrice } from '../../api/contract/price-text.ts';

export const periodLabel = (period: string | undefined) => `/${PERIOD_LABEL[period ?? 'month'] ?? 'month'}`;

/** "1 property", "3 properties": a count with its noun, plural unless it is one. */
export const countOf = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The months of rent a listing asks up front, as its page says them: "Rent up front: 1 month", "No rent up front". */
export const advanceRentText = (months: number) =>
  months === 0 ? 'No rent up front' : `Rent up front: ${countOf(months, 'month')}`;

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Long US-style date ("January 5, 2026"), or N/A. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'N/A'
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
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

export const AMENITIES: Record<string, string> = {
  wifi: 'WiFi',
  kitchen: 'Kitchen',
  parking: 'Parking',
  pool: 'Pool',
  gym: 'Gym',
  laundry: 'Laundry',
  air_conditioning: 'Air conditioning',
  heating: 'Heating',
  balcony: 'Balcony',
  garden: 'Garden',
  workspace: 'Workspace',
  tv: 'TV',
};
