import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, LISTING_ROUTE, OTHER_PAGE } from './app-routes.ts';

const ROUTES_DIR = fileURLToPath(new URL('../../pwa/routes', import.meta.url));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * The URL a route file serves, by TanStack Router's file-naming rules as this app uses them:
 * `.` and folders are `/`, a `(group)` adds nothing to the URL, `index` is the parent's own
 * page, `$id` a parameter; `__root` is no page.
 */
function urlOfFile(file: string): string | undefined {
  const name = relative(ROUTES_DIR, file)
    .split(sep)
    .join('/')
    .replace(/\.tsx?$/, '');
  if (name === '__root' || /\.test$/.test(name)) return undefined;
  const segments = name.split(/[/.]/).filter((s) => !/^\(.*\)$/.test(s) && s !== 'index');
  return `/${segments.join('/')}`;
}

/** What the file itself declares: `createFileRoute('/property/$id/')` serves /property/$id. */
function declaredUrl(file: string): string | undefined {
  const id = /createFileRoute\('([^']*)'\)/.exec(readFileSync(file, 'utf8'))?.[1];
  if (id === undefined) return undefined;
  return id.replace(/\/\([^/]*\)/g, '').replace(/(.)\/$/, '$1');
}

describe('the app routes in the contract', () => {
  const files = filesUnder(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file));

  it('are exactly the screens in pwa/routes/', () => {
    const urls = files.map(urlOfFile).filter((url): url is string => url !== undefined);
    expect([...APP_ROUTES].sort()).toEqual([...new Set(urls)].sort());
  });

  it('read each file as its own createFileRoute declares', () => {
    for (const file of files) {
      const url = urlOfFile(file);
      if (url !== undefined) expect(declaredUrl(file), file).toBe(url);
    }
  });

  it('hold the listing page, and no screen is called like the "other" row', () => {
    expect(APP_ROUTES).toContain(LISTING_ROUTE);
    expect(APP_ROUTES).not.toContain(OTHER_PAGE);
  });
});
