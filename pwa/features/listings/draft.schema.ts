import * as v from 'valibot';
import { upgradeDraftFields } from './listing-form.schema.ts';

// A listing draft as stored in IndexedDB, and how a draft stored by an older version is read.

/**
 * Version 1: no schemaVersion, photos without upload state. Version 2: photos keep their uploaded URL.
 * Version 3: the price is `fields.pricePerNight`, the contract's name (it was `fields.price`).
 * Version 4: `fields.region`, a Ghanaian listing's region (issue 33; '' in older drafts).
 * Version 5: `fields.digitalAddress`, its GhanaPost GPS address (issue 33; '' in older drafts).
 * Version 6: `fields.advanceRentMonths`, the months of rent asked up front (issue 33; '', not said, in older drafts).
 */
export const DRAFT_SCHEMA_VERSION = 6;

const DraftPhotoSchema = v.looseObject({
  id: v.string(),
  blob: v.instance(Blob),
  width: v.number(),
  height: v.number(),
  /** Where the server keeps it once uploaded: kept across Fix and Discard, so it is uploaded once. */
  uploadedUrl: v.optional(v.string()),
  /** 0 as picked (1600 px); each level smaller, for a link too slow to carry it. */
  level: v.optional(v.number(), 0),
  /** Uploads of this photo that stalled (no bytes moving): two at one level lead to the next. */
  stalls: v.optional(v.number(), 0),
});

const DraftSchema = v.looseObject({
  id: v.string(),
  ownerId: v.string(),
  createdAt: v.number(),
  updatedAt: v.number(),
  step: v.optional(v.number(), 0),
  fields: v.record(v.string(), v.unknown()),
  photos: v.optional(v.array(DraftPhotoSchema), []),
  /** The outbox item sending it, once the host submitted it: nothing may change it then. */
  queuedItemId: v.optional(v.string()),
  /** When it was handed to the outbox (a mark with no item after a while is repaired). */
  queuedAt: v.optional(v.number()),
  schemaVersion: v.optional(v.number()),
});

export type DraftPhoto = {
  id: string;
  blob: Blob;
  width: number;
  height: number;
  uploadedUrl?: string;
  level: number;
  stalls: number;
};
export type DraftRecord<Fields = Record<string, unknown>> = {
  id: string;
  ownerId: string;
  createdAt: number;
  updatedAt: number;
  step: number;
  fields: Fields;
  photos: DraftPhoto[];
  queuedItemId?: string;
  queuedAt?: number;
  schemaVersion?: number;
};

/** The stored draft, upgraded to the current shape; undefined for what is not a draft. */
export function upgradeDraft(stored: unknown): DraftRecord | undefined {
  const parsed = v.safeParse(DraftSchema, stored);
  return parsed.success
    ? ({
        ...parsed.output,
        fields: upgradeDraftFields(parsed.output.fields),
        schemaVersion: DRAFT_SCHEMA_VERSION,
      } as DraftRecord)
    : undefined;
}
