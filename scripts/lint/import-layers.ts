import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The layers as import rules (ADR 250): `npm run lint` fails on an import that crosses one.
 * Import circles are Biome's `noImportCycles`; these are the rules Biome cannot say, because
 * they are about where the imported file is, not how its path is spelled.
 */
export type LayerRule = { name: string; why: string; breaks: (from: string, to: string) => boolean };

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const featureOf = (path: string) => /^pwa\/features\/([^/]+)\//.exec(path)?.[1];

export const LAYER_RULES: readonly LayerRule[] = [
  {
    name: 'events-stay-pure',
    why: 'events/ is the domain: it imports neither the server (api/) nor the app (pwa/)',
    breaks: (from, to) => from.startsWith('events/') && /^(api|pwa)\//.test(to),
  },
  {
    name: 'api-not-pwa',
    why: 'the server does not import the app',
    breaks: (from, to) => from.startsWith('api/') && to.startsWith('pwa/'),
  },
  {
    name: 'pwa-only-contract',
    why: 'from the server side the app imports only api/contract/, the schemas shared over HTTP',
    breaks: (from, to) =>
      from.startsWith('pwa/') &&
      /^(api|events|migrations|scripts|bench|testing|e2e)\//.test(to) &&
      !to.startsWith('api/contract/'),
  },
  {
    name: 'contract-stands-alone',
    why: 'api/contract/ ships to the phone: it imports only itself and the pure policies of events/',
    breaks: (from, to) =>
      from.startsWith('api/contract/') &&
      !isTest(from) &&
      /^(api|events|pwa)\//.test(to) &&
      !to.startsWith('api/contract/') &&
      !/^events\/[^/]+\/[^/]+\.policy\.ts$/.test(to),
  },
  {
    name: 'features-apart',
    why: 'a feature does not import another feature: what they share belongs in pwa/lib or pwa/ui',
    breaks: (from, to) => {
      const feature = featureOf(from);
      return feature !== undefined && to.startsWith('pwa/features/') && featureOf(to) !== feature;
    },
  },
  {
    name: 'production-code-not-testing',
    why: 'test infrastructure is for tests: what ships does not import testing/ or e2e/',
    breaks: (from, to) => /^(api|events|pwa)\//.test(from) && !isTest(from) && /^(testing|e2e)\//.test(to),
  },
  {
    name: 'nothing-imports-scripts',
    why: 'what ships and the test infrastructure do not import operator scripts or benches',
    breaks: (from, to) => /^(api|events|pwa|testing)\//.test(from) && !isTest(from) && /^(scripts|bench)\//.test(to),
  },
];

/** Every module specifier a TypeScript source names: static, type-only, re-exported, side-effect and dynamic imports. */
export function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  for (const m of code.matchAll(/(?:^|[;\s])import\s*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

/** The repository path a relative specifier names, or undefined for a package or a file that is not there. */
export function resolveSpecifier(root: string, fromPath: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = join(root, dirname(fromPath), specifier.replace(/\?.*$/, ''));
  for (const ending of EXTENSIONS) {
    const candidate = base + ending;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return undefined;
}

export type Violation = { from: string; to: string; rule: string; why: string };

/** The imports among `paths` (repository-relative) that cross a layer. */
export function layerViolations(root: string, paths: readonly string[]): Violation[] {
  const violations: Violation[] = [];
  for (const from of paths) {
    for (const specifier of specifiersOf(readFileSync(join(root, from), 'utf8'))) {
      const to = resolveSpecifier(root, from, specifier);
      if (to === undefined) continue;
      for (const rule of LAYER_RULES)
        if (rule.breaks(from, to)) violations.push({ from, to, rule: rule.name, why: rule.why });
    }
  }
  return violations;
}
