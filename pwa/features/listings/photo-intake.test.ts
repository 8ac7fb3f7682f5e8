import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../lib/contract.ts';
import type { downscale } from './downscale.ts';
import { photoFile, preparePhotos } from './photo-intake.ts';

const MB = 1024 * 1024;
const file = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

/** A stand-in for the canvas (not in Node): each level makes the photo this many bytes; a file named *.broken cannot be opened. */
const shrinkTo =
  (sizes: number[]): typeof downscale =>
  async (picked, level = 0) => {
    if ((picked as File).name.endsWith('.broken')) throw new Error('cannot decode');
    return { blob: new Blob([new Uint8Array(sizes[level]!)], { type: 'image/jpeg' }), width: 1600, height: 900 };
  };

describe('photos picked for a listing (issue 28, point 2)', () => {
  it('takes a camera photo of 8.5 MB: the 5 MB limit is on what is sent, after it was made smaller', async () => {
    const { prepared, refused } = await preparePhotos(
      [file('camera.jpg', 8.5 * MB)],
      shrinkTo([900_000, 400_000, 200_000]),
    );
    expect(refused).toEqual([]);
    expect(prepared).toMatchObject([{ name: 'camera.jpg', level: 0, width: 1600, height: 900 }]);
    expect(prepared[0]!.blob.size).toBe(900_000);
  });

  it('makes a photo smaller again until it fits, and refuses one that never does, by name', async () => {
    const fits = await preparePhotos([file('noise.jpg', 9 * MB)], shrinkTo([6 * MB, 4 * MB, MB]));
    expect(fits.prepared).toMatchObject([{ name: 'noise.jpg', level: 1 }]);
    expect(fits.prepared[0]!.blob.size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    const never = await preparePhotos([file('huge.jpg', 40 * MB)], shrinkTo([6 * MB, 6 * MB, 6 * MB]));
    expect(never).toEqual({
      prepared: [],
      refused: [{ name: 'huge.jpg', reason: 'it is still larger than 5 MB after being made smaller.' }],
    });
  });

  it('one file that cannot be used never drops the others: each is named with its reason', async () => {
    const picked = [
      file('a.jpg', MB),
      file('scan.broken', MB),
      file('b.png', 2 * MB, 'image/png'),
      file('notes.pdf', 1000, 'application/pdf'),
    ];
    const { prepared, refused } = await preparePhotos(picked, shrinkTo([300_000, 200_000, 100_000]));
    expect(prepared.map((photo) => photo.name)).toEqual(['a.jpg', 'b.png']);
    expect(refused).toEqual([
      { name: 'scan.broken', reason: 'it is not a photo this phone can open. Choose a JPG, PNG, GIF or WebP image.' },
      { name: 'notes.pdf', reason: 'it is not a photo this phone can open. Choose a JPG, PNG, GIF or WebP image.' },
    ]);
  });

  it('uploads a prepared photo as the JPEG it now is', async () => {
    const [photo] = (await preparePhotos([file('IMG_2041.HEIC', MB, 'image/heic')], shrinkTo([300_000, 1, 1])))
      .prepared;
    const upload = photoFile(photo!);
    expect([upload.name, upload.type, upload.size]).toEqual(['IMG_2041.jpg', 'image/jpeg', 300_000]);
  });
});
