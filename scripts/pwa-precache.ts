// Build-time: which built files the service worker precaches. A renter installing Efie
// downloads the shell and the screens a renter uses offline; chunks that only host or admin
// screens use are left out, and so are the screens that need a connection anyway (signing in,
// registering, a password reset, a verification) and those a renter opens now and then (legal
// pages, contact, services, account settings): the worker caches each at run time once
// it is opened (issue 31: the install was half of a first visit's bytes).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Entry = { url: string; revision: string | null; size: number };

/** Source files of screens for hosts and admins (routes and the features only they load). */
const HOST_OR_ADMIN =
  /^(routes\/(admin|host-dashboard|list-property|property\.\$id\.edit|listing-payment|images-pending-approval|user\.videos)|features\/(admin|listings\/host-dashboard|videos)|(\.\.\/)*node_modules\/tus-js-client\/)/;
/**
 * Screens that do nothing offline (each talks to the server), and screens a renter opens now and
 * then (the legal pages, contact, the services directory, account settings): each works
 * offline once it has been opened, as the code cache keeps it.
 */
const ONLINE_OR_RARE =
  /^routes\/(login|register|forgot-password|reset-password|verify-email|verify-phone|privacy-policy|terms-of-service|contact|services|account-settings)\.tsx/;
/** What the worker does not precache: it keeps each once opened. */
export const NOT_PRECACHED = (source: string) => HOST_OR_ADMIN.test(source) || ONLINE_OR_RARE.test(source);

/** Every file a chunk needs before it runs (its static imports, transitively, and their CSS). */
function closure(manifest: Record<string, Chunk>, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const file of chunk.css ?? []) into.add(file);
  for (const next of chunk.imports ?? []) closure(manifest, next, into);
}

export function renterOnlyPrecache(outDir: string) {
  return async (entries: Entry[]) => {
    const path = join(outDir, '.vite', 'manifest.json');
    if (!existsSync(path)) return { manifest: entries, warnings: ['no .vite/manifest.json: precaching everything'] };
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Chunk>;
    const renter = new Set<string>();
    const all = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      closure(manifest, key, all);
      if ((chunk.isEntry || chunk.isDynamicEntry) && !NOT_PRECACHED(chunk.src ?? key)) closure(manifest, key, renter);
    }
    const kept = entries.filter((entry) => !all.has(entry.url) || renter.has(entry.url));
    return { manifest: kept, warnings: [] };
  };
}
