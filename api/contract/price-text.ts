import type { Property } from './properties.schema.ts';

/** The ISO code of each currency a listing may carry, so Intl places the symbol as the language writes it. */
const ISO: Record<string, string> = { 'GH₵': 'GHS', $: 'USD' };

/**
 * A listing's price as the app and its link previews show it, to the pesewa at most: "GH₵1,500" in
 * English (en-US, the server's previews), "1 500 GH₵" in French (fr-FR). The symbol is the listing's own.
 */
export function formatPrice(property: Pick<Property, 'pricePerNight' | 'currency'>, locale = 'en-US'): string {
  const amount = Number.isFinite(property.pricePerNight) ? property.pricePerNight : 0;
  const currency = property.currency ?? 'GH₵';
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: ISO[currency] ?? 'GHS',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? currency : part.value))
    .join('');
}
