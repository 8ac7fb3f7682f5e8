import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectVideoType } from './video-type.ts';

/** An ftyp box: size, 'ftyp', major brand, minor version, compatible brands; then the start of the next box. */
function ftyp(major: string, compatible: string[] = [], next = 'mdat'): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  for (const [i, brand] of compatible.entries()) box.write(brand, 16 + 4 * i, 'latin1');
  box.writeUInt32BE(8, size);
  box.write(next, size + 4, 'latin1');
  return box;
}

function riff(form: string): Uint8Array {
  const head = Buffer.alloc(24);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(1_000_000, 4);
  head.write(form, 8, 'latin1');
  head.write('LIST', 12, 'latin1');
  return head;
}

describe('detectVideoType', () => {
  it('recognises MP4 as phones write it (Android isom/mp42, iPhone-exported M4V, 3GP with MP4 brands)', () => {
    expect(detectVideoType(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('video/mp4');
    expect(detectVideoType(ftyp('mp42', ['isom', 'mp42']))).toBe('video/mp4');
    expect(detectVideoType(ftyp('M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']))).toBe('video/mp4');
    expect(detectVideoType(ftyp('3gp4', ['isom', '3gp4']))).toBe('video/mp4');
  });
  it('recognises QuickTime MOV by its qt brand, major or compatible', () => {
    expect(detectVideoType(ftyp('qt  ', ['qt  ']))).toBe('video/quicktime');
    expect(detectVideoType(ftyp('abcd', ['qt  ']))).toBe('video/quicktime');
  });
  it('recognises AVI by RIFF and the AVI form type, and nothing else in a RIFF file', () => {
    expect(detectVideoType(riff('AVI '))).toBe('video/x-msvideo');
    expect(detectVideoType(riff('WAVE'))).toBeUndefined();
    expect(detectVideoType(riff('WEBP'))).toBeUndefined();
    expect(detectVideoType(riff('AVIX'))).toBeUndefined();
  });
  it('refuses a JPEG, PNG, GIF or WebP renamed to .mp4: only the bytes count', async () => {
    const pixels = { create: { width: 8, height: 8, channels: 3 as const, background: '#c33' } };
    for (const image of await Promise.all([
      sharp(pixels).jpeg().toBuffer(),
      sharp(pixels).png().toBuffer(),
      sharp(pixels).gif().toBuffer(),
      sharp(pixels).webp().toBuffer(),
    ])) {
      expect(detectVideoType(image.subarray(0, 256))).toBeUndefined();
    }
  });
  it('refuses HEIC and AVIF photos although they share the MP4 box format', () => {
    expect(detectVideoType(ftyp('heic', ['mif1', 'heic']))).toBeUndefined();
    expect(detectVideoType(ftyp('avif', ['avif', 'mif1', 'miaf', 'MA1B']))).toBeUndefined();
    expect(detectVideoType(ftyp('abcd', ['mif1', 'isom']))).toBeUndefined();
  });
  it('refuses unknown brands, malformed ftyp sizes, short and empty heads', () => {
    expect(detectVideoType(ftyp('abcd', ['efgh']))).toBeUndefined();
    const bad = Buffer.from(ftyp('isom'));
    bad.writeUInt32BE(12, 0);
    expect(detectVideoType(bad)).toBeUndefined();
    bad.writeUInt32BE(18, 0);
    expect(detectVideoType(bad)).toBeUndefined();
    expect(detectVideoType(ftyp('isom').subarray(0, 8))).toBeUndefined();
    expect(detectVideoType(new Uint8Array())).toBeUndefined();
    expect(detectVideoType(Buffer.from('RIFF'))).toBeUndefined();
  });
  it('reads the brands only as far as the head goes', () => {
    // A long compatible list cut by the head: the brands read so far decide.
    expect(detectVideoType(ftyp('abcd', ['efgh', 'mp42', ...Array(60).fill('zzzz')]).subarray(0, 64))).toBe(
      'video/mp4',
    );
  });
});
