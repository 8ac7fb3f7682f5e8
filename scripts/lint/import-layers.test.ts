import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layerViolations, specifiersOf } from './import-layers.ts';

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

/** A throwaway tree: path -> source. */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'import-layers-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

const crossings = (files: Record<string, string>) =>
  layerViolations(tree(files), Object.keys(files)).map((v) => `${v.from} -> ${v.to}: ${v.rule}`);

describe('import layers', () => {
  it('finds every kind of import: named, type-only, re-export, side effect and dynamic', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b';",
      "export { c } from './c.tsx';",
      "import './d.css';",
      "const e = await import('./e.ts');",
      "// import { f } from './commented-out.ts';",
      '/* import { g } from "./also-commented.ts"; */',
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a.ts', '../b', './c.tsx', './d.css', './e.ts']);
  });

  it('refuses events/ importing the server, however the path is spelled', () => {
    expect(
      crossings({
        'api/db/migrate.ts': 'export const migrate = 1;',
        'events/store/x.ts': "import { migrate } from '../../api/db/migrate';",
        'events/store/x.test.ts': "import type { migrate } from '../../api/db/migrate.ts';",
      }),
    ).toEqual([
      'events/store/x.ts -> api/db/migrate.ts: events-stay-pure',
      'events/store/x.test.ts -> api/db/migrate.ts: events-stay-pure',
    ]);
  });

  it('lets the app import api/contract/ and nothing else of the server', () => {
    expect(
      crossings({
        'api/contract/auth.schema.ts': '',
        'api/auth/sessions.ts': '',
        'events/user/user.decider.ts': '',
        'pwa/lib/contract.ts': "export * from '../../api/contract/auth.schema.ts';",
        'pwa/lib/sessions.ts': "import '../../api/auth/sessions.ts';\nimport '../../events/user/user.decider.ts';",
      }),
    ).toEqual([
      'pwa/lib/sessions.ts -> api/auth/sessions.ts: pwa-only-contract',
      'pwa/lib/sessions.ts -> events/user/user.decider.ts: pwa-only-contract',
    ]);
  });

  it('keeps features apart but lets a feature use its own folders and the shared ones', () => {
    expect(
      crossings({
        'pwa/ui/button.tsx': '',
        'pwa/features/listings/drafts/store.ts': '',
        'pwa/features/listings/wizard.tsx': "import './drafts/store.ts';\nimport '../../ui/button.tsx';",
        'pwa/features/auth/sign-in.tsx': "import { x } from '../listings/wizard';",
      }),
    ).toEqual(['pwa/features/auth/sign-in.tsx -> pwa/features/listings/wizard.tsx: features-apart']);
  });

  it('keeps test infrastructure and scripts out of what ships, and lets tests use them', () => {
    expect(
      crossings({
        'testing/free-port.ts': '',
        'scripts/seed/photos.ts': '',
        'api/app.ts': "import '../testing/free-port.ts';",
        'api/app.test.ts': "import '../testing/free-port.ts';\nimport '../scripts/seed/photos.ts';",
        'testing/seed.ts': "import '../scripts/seed/photos.ts';",
      }),
    ).toEqual([
      'api/app.ts -> testing/free-port.ts: production-code-not-testing',
      'testing/seed.ts -> scripts/seed/photos.ts: nothing-imports-scripts',
    ]);
  });

  it('lets api/contract/ import only itself and the pure policies of events/', () => {
    expect(
      crossings({
        'events/video/video.policy.ts': '',
        'events/video/video.decider.ts': '',
        'api/contract/videos.schema.ts':
          "export { MAX } from '../../events/video/video.policy.ts';\nimport '../../events/video/video.decider.ts';",
      }),
    ).toEqual(['api/contract/videos.schema.ts -> events/video/video.decider.ts: contract-stands-alone']);
  });
});
