import type { Property } from './properties.schema.ts';

/** "GH₵1,500": a listing's price as the app and its link previews show it, to the pesewa at most. */
export function formatPrice(property: Pick<Property, 'pricePerNight' | 'currency'>): string {
  const amount = Number.isFinite(property.pricePerNight) ? property.pricePerNight : 0;
  const currency = property.currency ?? 'GH₵';
  return `${currency}${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
