import { MAX_IMAGE_BYTES } from '../../lib/contract.ts';
import { downscale, LEVELS, type Downscaled } from './downscale.ts';

// Photos as a phone's camera takes them (8 MB, 3840 px and more) are welcome: each is made
// smaller on the phone first, and the 5 MB limit is checked on what will be sent, not on the
// file picked. Each file is judged on its own: one that cannot be used is named, with why,
// and never drops the others.

export type PreparedPhoto = Downscaled & { name: string; level: number };
export type RefusedPhoto = { name: string; reason: string };
export type PhotoIntake = { prepared: PreparedPhoto[]; refused: RefusedPhoto[] };

const NOT_A_PHOTO = 'it is not a photo this phone can open. Choose a JPG, PNG, GIF or WebP image.';
const TOO_LARGE = `it is still larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB after being made smaller.`;

/** One file: the first size (downscale.ts levels) that is within the limit, or why it cannot be used. */
async function preparePhoto(file: File, shrink: typeof downscale): Promise<PreparedPhoto | RefusedPhoto> {
  if (file.type !== '' && !file.type.startsWith('image/')) return { name: file.name, reason: NOT_A_PHOTO };
  for (let level = 0; level < LEVELS.length; level++) {
    let made: Downscaled;
    try {
      made = await shrink(file, level);
    } catch {
      return { name: file.name, reason: NOT_A_PHOTO };
    }
    if (made.blob.size <= MAX_IMAGE_BYTES) return { name: file.name, level, ...made };
  }
  return { name: file.name, reason: TOO_LARGE };
}

/** The picked files made ready to send, in the order picked, and those that cannot be used. */
export async function preparePhotos(
  files: readonly File[],
  shrink: typeof downscale = downscale,
): Promise<PhotoIntake> {
  const intake: PhotoIntake = { prepared: [], refused: [] };
  for (const file of files) {
    const result = await preparePhoto(file, shrink);
    if ('reason' in result) intake.refused.push(result);
    else intake.prepared.push(result);
  }
  return intake;
}

/** A prepared photo as a file to upload in a form (it is a JPEG now, whatever it was picked as). */
export function photoFile(photo: PreparedPhoto): File {
  const base = photo.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([photo.blob], `${base}.jpg`, { type: photo.blob.type || 'image/jpeg' });
}
