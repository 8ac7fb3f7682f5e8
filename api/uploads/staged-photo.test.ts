import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../contract/properties.schema.ts';
import { STAGED_PHOTO_MAX_AGE_MS, StagedPhoto, sweepStagedPhotos } from './staged-photo.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const stagedAt = (directory: string, name: string, at: Date) => {
  const path = join(directory, name);
  writeFileSync(path, 'photo bytes');
  utimesSync(path, at, at);
};

describe('sweepStagedPhotos', () => {
  it('deletes the photos a stopped process left behind, and none an upload may still be writing', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'efie-staged-'));
    dirs.push(directory);
    const now = new Date('2026-11-26T12:00:00Z');
    stagedAt(directory, 'left-by-a-crash', new Date(now.getTime() - STAGED_PHOTO_MAX_AGE_MS - 1000));
    stagedAt(directory, 'being-read', new Date(now.getTime() - 60_000));
    mkdirSync(join(directory, 'a-folder'));
    expect(await sweepStagedPhotos(directory, now)).toBe(1);
    expect(readdirSync(directory).sort()).toEqual(['a-folder', 'being-read']);
  });
  it('is nothing to do when no photo was ever staged', async () => {
    expect(await sweepStagedPhotos(join(tmpdir(), 'efie-never-made-'), new Date())).toBe(0);
  });
});

describe('StagedPhoto', () => {
  it('takes a 5 MB photo in 16 KB pieces, waiting for the disk each time, without piling up listeners', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'efie-staged-'));
    dirs.push(directory);
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on('warning', warned);
    try {
      const photo = new StagedPhoto(directory);
      const piece = Buffer.alloc(16 * 1024, 7);
      piece.set([0xff, 0xd8, 0xff], 0);
      let pieces = 0;
      for (let written = 0; written + piece.length <= MAX_IMAGE_BYTES; written += piece.length) {
        photo.write(piece);
        await photo.drained();
        pieces += 1;
      }
      await photo.finish();
      expect(pieces).toBe(Math.floor(MAX_IMAGE_BYTES / piece.length));
      // A warning is emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
      await photo.discard();
    } finally {
      process.off('warning', warned);
    }
  });
});
