import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classify, ItemFaultError } from '../../offline/outbox-retry.ts';
import type { DraftPhoto, DraftRecord } from './drafts-store.ts';
import type { CreateListingItem } from './listing-outbox-items.ts';
import { sendNewListing } from './send-listing.ts';

// The sender against a stand-in for the drafts' IndexedDB store and for the network (fetch).

const drafts = vi.hoisted(() => ({ stored: new Map<string, unknown>() }));
vi.mock('./drafts-store', () => ({
  getDraft: async (id: string) => drafts.stored.get(id),
  changeDraftPhoto: async (draftId: string, photoId: string, change: (photo: DraftPhoto) => DraftPhoto) => {
    const draft = drafts.stored.get(draftId) as DraftRecord;
    drafts.stored.set(draftId, {
      ...draft,
      photos: draft.photos.map((photo) => (photo.id === photoId ? change(photo) : photo)),
    });
  },
}));

const photo: DraftPhoto = {
  id: 'ph1',
  blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
  width: 4,
  height: 3,
  level: 0,
  stalls: 0,
};
const draft: DraftRecord = {
  id: 'd1',
  ownerId: 'ama',
  createdAt: 1,
  updatedAt: 1,
  step: 0,
  fields: {},
  photos: [photo],
};
const item = {
  id: 'i1',
  kind: 'create-listing',
  ownerId: 'ama',
  createdAt: 1,
  label: 'New',
  status: 'waiting',
  attempts: 0,
  faults: 0,
  nextAttemptAt: 0,
  draftId: 'd1',
  body: { title: 't' },
} as unknown as CreateListingItem;
const session = async () => undefined;

beforeEach(() => drafts.stored.set('d1', draft));
afterEach(() => vi.unstubAllGlobals());

describe('sending a new listing', () => {
  it('stops with a fault about the photo, and sends no listing, when the upload answers no URL', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"images":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const sent = sendNewListing(item, session, () => undefined);
    await expect(sent).rejects.toBeInstanceOf(ItemFaultError);
    const error = await sent.catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('upload answered no URL');
    expect(classify(error)).toEqual({ kind: 'fault', reason: 'the server kept no copy of a photo. Try again later.' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/upload/property-images']);
    expect((drafts.stored.get('d1') as DraftRecord).photos[0]!.uploadedUrl).toBeUndefined();
  });

  it('keeps the URL the upload answered with the photo, then sends the listing with it', async () => {
    const fetch = vi.fn(
      async (url: string, _init: RequestInit) =>
        new Response(url === '/api/upload/property-images' ? '{"images":["/files/a.webp"]}' : '{"id":"p1"}', {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(sendNewListing(item, session, () => undefined)).resolves.toEqual({ id: 'p1' });
    expect((drafts.stored.get('d1') as DraftRecord).photos[0]!.uploadedUrl).toBe('/files/a.webp');
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toEqual({ title: 't', images: ['/files/a.webp'] });
  });
});
