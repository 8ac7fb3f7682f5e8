import { ApiError } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { downscale, LEVELS } from './downscale.ts';
import { changeDraftPhoto, getDraft, type DraftPhoto } from './drafts-store.ts';
import type { PhotoProgress } from '../../offline/outbox-kind.ts';
import { ItemFaultError } from '../../offline/outbox-retry.ts';
import { call, type SessionCheck } from '../../offline/outbox-call.ts';
import { StalledError } from '../../offline/transport.ts';
import type { CreateListingItem } from './listing-outbox-items.ts';

// A new listing: each photo uploaded once (its URL is kept with the draft's photo, so Fix or
// Discard never uploads it again), then the listing. A photo whose upload stalls twice is
// made smaller (downscale.ts levels) before the item is given up.

const STALLS_PER_LEVEL = 2;

/** A photo kept on the phone can no longer be read (the browser lost its data). */
export class PhotoUnreadableError extends ItemFaultError {
  constructor() {
    super(
      'A photo of this listing could not be read',
      'a photo could not be read on this phone. Tap Fix and pick that photo again.',
    );
    this.name = 'PhotoUnreadableError';
  }
}

async function dataUrl(blob: Blob): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await blob.arrayBuffer());
  } catch {
    throw new PhotoUnreadableError();
  }
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** A stall counts against the photo; enough of them at one level make it smaller. */
async function recordStall(draftId: string, photo: DraftPhoto) {
  const stalls = photo.stalls + 1;
  if (stalls < STALLS_PER_LEVEL || photo.level >= LEVELS.length - 1)
    return changeDraftPhoto(draftId, photo.id, (stored) => ({ ...stored, stalls }));
  const smaller = await downscale(photo.blob, photo.level + 1);
  await changeDraftPhoto(draftId, photo.id, (stored) => ({ ...stored, ...smaller, level: photo.level + 1, stalls: 0 }));
}

async function uploadPhoto(
  item: CreateListingItem,
  session: SessionCheck,
  draftId: string,
  photo: DraftPhoto,
  onUpload: (fraction: number) => void,
): Promise<string> {
  // One key per photo and size: a retry after a lost answer gets the same URL back, not a second
  // upload; a smaller version is another request, so it has its own key.
  const key = photo.level === 0 ? `${item.id}:photo:${photo.id}` : `${item.id}:photo:${photo.id}:${photo.level}`;
  let answer: { images: string[] };
  try {
    answer = await call(
      session,
      'POST',
      '/api/upload/property-images',
      key,
      { images: [await dataUrl(photo.blob)] },
      (sent, total) => onUpload(sent / total),
    );
  } catch (error) {
    if (error instanceof StalledError) await recordStall(draftId, photo);
    throw error;
  }
  const url = answer.images[0];
  // Never a listing without a photo the host chose: an answer with no URL is tried again (a fault,
  // so a limited number of times), not skipped.
  if (!url) throw new ItemFaultError('upload answered no URL', 'the server kept no copy of a photo. Try again later.');
  await changeDraftPhoto(draftId, photo.id, (stored) => ({ ...stored, uploadedUrl: url, stalls: 0 }));
  return url;
}

export async function sendNewListing(
  item: CreateListingItem,
  session: SessionCheck,
  onProgress: (progress: PhotoProgress) => void,
): Promise<Property> {
  // Created already (the app stopped before its draft was removed): only the tidying is left.
  if (item.propertyId) return { id: item.propertyId } as Property;
  const draft = await getDraft(item.draftId);
  if (!draft)
    throw new ApiError(410, 'The draft of this listing is no longer on this device.', {
      error: 'The draft of this listing is no longer on this device.',
    });
  const images: string[] = [];
  for (const [index, photo] of draft.photos.entries()) {
    const report = (fraction: number) => onProgress({ photo: index + 1, photos: draft.photos.length, fraction });
    // Version 1 items kept uploaded URLs by position.
    images.push(
      photo.uploadedUrl ?? item.uploaded?.[index] ?? (await uploadPhoto(item, session, draft.id, photo, report)),
    );
  }
  return call<Property>(session, 'POST', '/api/properties', `${item.id}:create`, { ...item.body, images });
}
