import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renterOnlyPrecache } from './pwa-precache.ts';

const entry = (url: string) => ({ url, revision: null, size: 1 });

describe('renterOnlyPrecache', () => {
  it('keeps the shell and renter routes, and leaves out chunks only host, admin, sign-in and legal screens use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precache-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] },
        '_shared.js': { file: 'assets/shared.js' },
        '_wizard-only.js': { file: 'assets/wizard-only.js', imports: ['_shared.js'] },
        'routes/search.tsx?tsr-split=component': {
          file: 'assets/search.js',
          isDynamicEntry: true,
          src: 'routes/search.tsx',
          imports: ['_shared.js'],
        },
        'routes/list-property.tsx?tsr-split=component': {
          file: 'assets/list-property.js',
          isDynamicEntry: true,
          src: 'routes/list-property.tsx',
          imports: ['_wizard-only.js'],
        },
        'routes/login.tsx?tsr-split=component': {
          file: 'assets/login.js',
          isDynamicEntry: true,
          src: 'routes/login.tsx',
          imports: ['_auth-card.js', '_shared.js'],
        },
        '_auth-card.js': { file: 'assets/auth-card.js' },
        // The gazetteer the town field import()s: tiny, kept, so the wizard suggests towns offline.
        '../api/contract/ghana-places.ts': {
          file: 'assets/ghana-places.js',
          isDynamicEntry: true,
          src: '../api/contract/ghana-places.ts',
        },
        'routes/privacy-policy.tsx?tsr-split=component': {
          file: 'assets/privacy-policy.js',
          isDynamicEntry: true,
          src: 'routes/privacy-policy.tsx',
        },
        'routes/admin.image-approval.tsx?tsr-split=component': {
          file: 'assets/admin.js',
          isDynamicEntry: true,
          src: 'routes/admin.image-approval.tsx',
        },
      }),
    );
    const files = [
      'index.html',
      'manifest.webmanifest',
      'assets/index.js',
      'assets/index.css',
      'assets/shared.js',
      'assets/search.js',
      'assets/list-property.js',
      'assets/wizard-only.js',
      'assets/admin.js',
      'assets/login.js',
      'assets/auth-card.js',
      'assets/privacy-policy.js',
      'assets/ghana-places.js',
    ];
    const { manifest } = await renterOnlyPrecache(dir)(files.map(entry));
    expect(manifest.map((item) => item.url)).toEqual([
      'index.html',
      'manifest.webmanifest',
      'assets/index.js',
      'assets/index.css',
      'assets/shared.js',
      'assets/search.js',
      'assets/ghana-places.js',
    ]);
  });
});
