import { describe, expect, it } from 'vitest';
import { checkVideo, checkVideoFile, NOT_A_VIDEO, sniffVideoType } from './video-file.ts';
import { MAX_VIDEO_BYTES } from './videos-contract.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)),
  );

/** An ftyp box: size, `ftyp`, major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible);

describe('sniffVideoType', () => {
  it('tells MP4 by an ftyp box at offset 4 with a video brand', () => {
    expect(sniffVideoType(ftyp('isom', 'isom', 'mp41'))).toBe('video/mp4');
    expect(sniffVideoType(ftyp('mp42', 'mp42', 'avc1'))).toBe('video/mp4');
  });

  it('tells QuickTime MOV by the major brand `qt  `', () => {
    expect(sniffVideoType(ftyp('qt  ', 'qt  '))).toBe('video/quicktime');
  });

  it('tells AVI by RIFF....AVI ', () => {
    expect(sniffVideoType(bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'))).toBe('video/x-msvideo');
  });

  it('refuses a WAV or WebP file, which are RIFF too', () => {
    expect(sniffVideoType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffVideoType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBeUndefined();
  });

  it('refuses a HEIC or AVIF photo, which has an ftyp box too', () => {
    expect(sniffVideoType(ftyp('heic', 'mif1', 'heic'))).toBeUndefined();
    expect(sniffVideoType(ftyp('avif', 'mif1', 'avif'))).toBeUndefined();
    expect(sniffVideoType(ftyp('mif1', 'mif1', 'heic'))).toBeUndefined();
  });

  it('refuses photos, documents and a renamed file whatever it is called', () => {
    expect(sniffVideoType(bytes([0xff, 0xd8, 0xff, 0xe0], [0, 0x10], 'JFIF'))).toBeUndefined();
    expect(sniffVideoType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
    expect(sniffVideoType(bytes('%PDF-1.7\n'))).toBeUndefined();
  });

  it('refuses a head too short to hold the signature', () => {
    expect(sniffVideoType(bytes([0, 0, 0, 16], 'ftyp'))).toBeUndefined();
    expect(sniffVideoType(bytes('RIFF'))).toBeUndefined();
    expect(sniffVideoType(new Uint8Array())).toBeUndefined();
  });

  it('does not look for ftyp anywhere but offset 4', () => {
    expect(sniffVideoType(bytes([0, 0, 0, 0, 16], 'ftypisom'))).toBeUndefined();
  });
});

describe('checkVideo', () => {
  const mp4 = ftyp('isom', 'isom');

  it('takes a video of exactly 100 MB and refuses one byte more, saying the size', () => {
    expect(checkVideo(mp4, MAX_VIDEO_BYTES)).toEqual({ ok: true, type: 'video/mp4' });
    const over = checkVideo(mp4, MAX_VIDEO_BYTES + 1);
    expect(over.ok).toBe(false);
    expect(!over.ok && over.message).toContain('at most 100 MB');
  });

  it('names the size of a file that is too large', () => {
    const result = checkVideo(mp4, 150 * 1024 * 1024);
    expect(!result.ok && result.message).toContain('This video is 150.0 MB');
  });

  it('refuses an empty file', () => {
    expect(checkVideo(new Uint8Array(), 0)).toEqual({ ok: false, message: expect.stringContaining('empty') });
  });

  it('refuses what is not a video', () => {
    expect(checkVideo(bytes([0xff, 0xd8, 0xff]), 3000)).toEqual({ ok: false, message: NOT_A_VIDEO });
  });
});

describe('checkVideoFile', () => {
  it('reads only the first bytes of the file', async () => {
    const file = new Blob([ftyp('qt  ', 'qt  '), new Uint8Array(4096)]);
    expect(await checkVideoFile(file)).toEqual({ ok: true, type: 'video/quicktime' });
  });

  it('refuses a file over the limit without reading it', async () => {
    const huge = {
      size: MAX_VIDEO_BYTES + 1,
      slice: () => {
        throw new Error('read');
      },
    } as unknown as Blob;
    expect((await checkVideoFile(huge)).ok).toBe(false);
  });

  it('refuses a JPEG renamed to .mp4', async () => {
    const file = new File([bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), new Uint8Array(100)], 'tour.mp4', {
      type: 'video/mp4',
    });
    expect(await checkVideoFile(file)).toEqual({ ok: false, message: NOT_A_VIDEO });
  });
});
