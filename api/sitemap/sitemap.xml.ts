// What crawlers read (issue 31, "findable and shareable"): robots.txt and the sitemaps' XML,
// written from what the routes hand in. Pure: no database, no request.
import { escapeHtml } from '../static/page-head.ts';

/** One address in a sitemap, with the day it last changed when known. */
export type SitemapEntry = { path: string; lastModified?: Date };

/** A sitemap holds at most 50,000 addresses (sitemaps.org); more go into further files, listed by an index. */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** Public screens worth finding: everything else is a person's own or an admin's. */
export const PUBLIC_PAGES = ['/', '/search', '/services', '/contact', '/privacy-policy', '/terms-of-service'] as const;

/** Screens that are a person's own, an admin's or a step of a form: crawlers are asked to leave them. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/admin',
  '/dashboard',
  '/host-dashboard',
  '/account-settings',
  '/list-property',
  '/listing-payment',
  '/images-pending-approval',
  '/user/',
  '/contact-landlord/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/verify-phone',
  '/property/*/edit',
];

const entryXml = (tag: 'url' | 'sitemap', origin: string, { path, lastModified }: SitemapEntry) =>
  `<${tag}><loc>${escapeHtml(origin + path)}</loc>${
    lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : ''
  }</${tag}>`;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap: the addresses of one file. */
export const urlSet = (origin: string, entries: readonly SitemapEntry[]) =>
  `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.map((e) => `${entryXml('url', origin, e)}\n`).join('')}</urlset>\n`;

/** A sitemap index: the sitemap files, each with at most MAX_URLS_PER_SITEMAP addresses. */
export const sitemapIndex = (origin: string, files: readonly SitemapEntry[]) =>
  `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${files.map((f) => `${entryXml('sitemap', origin, f)}\n`).join('')}</sitemapindex>\n`;

/** robots.txt: everything public may be crawled, a person's own screens and the API not; where the sitemap is. */
export const robotsTxt = (origin: string) =>
  `User-agent: *\nAllow: /\n${PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}\n`).join('')}\nSitemap: ${origin}/sitemap.xml\n`;
