import type { Context } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Property } from '../contract/properties.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { escapeHtml, jsonInScript, NOINDEX, type PageHead } from '../static/page-head.ts';
import { findProperty, toProperty } from './properties.read.ts';
import { requestCookie } from '../http/node-exchange.ts';
import { formatPrice } from '../contract/price-text.ts';

/** A dollar listing's currency is its country's; the cedi is Ghana's wherever it is listed. */
const DOLLAR_OF: Record<string, string> = {
  'California USA': 'USD',
  Jamaica: 'JMD',
  'Dominican Republic': 'DOP',
};
const currencyCode = (p: Pick<Property, 'currency' | 'country'>) =>
  p.currency === 'GH₵' ? 'GHS' : (DOLLAR_OF[p.country] ?? 'USD');

const SCHEMA_TYPE: Record<Property['propertyType'], string> = {
  apartment: 'Apartment',
  house: 'House',
  studio: 'Apartment',
  room: 'Room',
};

/** "GH₵1,500 a month": the price as the listing's screen shows it. */
export const priceText = (p: Pick<Property, 'pricePerNight' | 'currency' | 'pricingPeriod'>) =>
  `${formatPrice(p)} a ${p.pricingPeriod}`;

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** A live listing's head: what a link preview and a crawler read (Open Graph, Twitter card, schema.org). */
export function listingHead(p: Property, origin: string): PageHead {
  const url = `${origin}/property/${p.id}`;
  const place = [p.city, p.country].filter(Boolean).join(', ');
  const title = `${p.title} – ${priceText(p)} in ${place} | Efie`;
  const summary = p.description.replace(/\s+/g, ' ').trim();
  const description = `${priceText(p)}, ${p.bedrooms} bedroom${p.bedrooms === 1 ? '' : 's'}, in ${place}. ${
    summary.length > 140 ? `${summary.slice(0, 139)}…` : summary
  }`;
  const image = p.images[0] ? absolute(origin, p.images[0]) : undefined;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPE[p.propertyType],
    name: p.title,
    description: summary,
    url,
    ...(image ? { image } : {}),
    numberOfRooms: p.bedrooms,
    address: {
      '@type': 'PostalAddress',
      streetAddress: p.address,
      addressLocality: p.city,
      ...(p.region ? { addressRegion: p.region } : {}),
      addressCountry: p.country,
    },
    offers: {
      '@type': 'Offer',
      price: p.pricePerNight,
      priceCurrency: currencyCode(p),
      businessFunction:
        p.listingType === 'sale'
          ? 'http://purl.org/goodrelations/v1#Sell'
          : 'http://purl.org/goodrelations/v1#LeaseOut',
    },
  };
  return {
    status: 200,
    title,
    description,
    tags: [
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', 'Efie'),
      meta('property', 'og:title', `${p.title} – ${priceText(p)}`),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', p.title)] : []),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', `${p.title} – ${priceText(p)}`),
      meta('name', 'twitter:description', description),
      ...(image ? [meta('name', 'twitter:image', image)] : []),
      `<script type="application/ld+json">${jsonInScript(jsonLd)}</script>`,
    ].join('\n'),
  };
}

/**
 * The head of /property/{id} as the server sends it before the app runs: a live listing's
 * preview; otherwise none of the listing's data, and 404 for a visitor (the app shows its
 * not-found screen). A signed-in caller may be its owner or an admin, who see it in the app:
 * 200, still with nothing of it in the HTML.
 */
export function listingPageHead(deps: Pick<AppDeps, 'db' | 'config'>) {
  return async (c: Context<AppEnv>): Promise<PageHead | undefined> => {
    const id = /^\/property\/([^/]+)\/?$/.exec(c.req.path)?.[1];
    if (id === undefined) return undefined;
    let row: Awaited<ReturnType<typeof findProperty>>;
    try {
      row = await findProperty(deps.db, id);
    } catch {
      // The database is down: the plain page, as before; the app says what it can.
      return undefined;
    }
    if (row?.is_live) return listingHead(toProperty(row, null), deps.config.publicOrigin);
    return { status: requestCookie(c, SESSION_COOKIE) ? 200 : 404, tags: NOINDEX };
  };
}
