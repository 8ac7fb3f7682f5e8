// Build-time: which built files the service worker precaches. A renter installing Efie
// downloads the shell and the renter routes; chunks that only host or admin screens use
// are left out (the worker caches them at run time once a host opens those screens).
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
export const HOST_OR_ADMIN =
  /^(routes\/(admin|host-dashboard|list-property|property\.\$id\.edit|listing-payment|images-pending-approval|user\.videos)|features\/(admin|listings\/host-dashboard|videos)|(\.\.\/)*node_modules\/tus-js-client\/)/;

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
      if ((chunk.isEntry || chunk.isDynamicEntry) && !HOST_OR_ADMIN.test(chunk.src ?? key))
        closure(manifest, key, renter);
    }
    const kept = entries.filter((entry) => !all.has(entry.url) || renter.has(entry.url));
    return { manifest: kept, warnings: [] };
  };
}
