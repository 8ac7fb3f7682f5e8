// Fails when the JavaScript a first visit of / or /search downloads exceeds the budget (gzip),
// or when that JavaScript contains admin or host code. Reads the manifest of `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export const BUDGET_BYTES = 150 * 1024;

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

// Texts that only admin and host screens contain, and the gazetteer the town field loads.
const FORBIDDEN = [
  'Failed to approve property',
  'Subscribe to List Properties',
  'Submit Listing',
  'Delete this property?',
  'Revoke admin rights?',
  'Visitors and page views per day',
  // The gazetteer of Ghana's towns (a town that is not among the first 20): the town field imports it.
  'Duayaw-Nkwanta',
];

export const ROUTES: Record<string, string> = { '/': 'routes/index.tsx', '/search': 'routes/search.tsx' };

export function chunksFor(manifest: Manifest, routeFile: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  visit(entry);
  // The route module itself and its split component, as the router loads both on a first visit.
  for (const key of Object.keys(manifest)) if (key === routeFile || key.startsWith(`${routeFile}?`)) visit(key);
  return [...seen].filter((file) => file.endsWith('.js'));
}

export function measure(distDir = 'dist/pwa') {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return Object.entries(ROUTES).map(([path, routeFile]) => {
    const files = chunksFor(manifest, routeFile);
    let gzipBytes = 0;
    const forbidden: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(distDir, file));
      gzipBytes += gzipSync(source, { level: 9 }).length;
      const text = source.toString('utf8');
      for (const marker of FORBIDDEN) if (text.includes(marker)) forbidden.push(`${file}: "${marker}"`);
    }
    return { path, files, gzipBytes, forbidden };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false;
  for (const result of measure()) {
    const kb = (result.gzipBytes / 1024).toFixed(1);
    console.log(`${result.path}: ${kb} KB gzip JS in ${result.files.length} files (budget ${BUDGET_BYTES / 1024} KB)`);
    if (result.gzipBytes > BUDGET_BYTES) {
      failed = true;
      console.error(`  over budget by ${((result.gzipBytes - BUDGET_BYTES) / 1024).toFixed(1)} KB`);
    }
    for (const hit of result.forbidden) {
      failed = true;
      console.error(`  admin or host code in first load: ${hit}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
