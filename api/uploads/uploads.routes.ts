import { Hono } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_LISTING, UploadImagesJsonSchema } from '../contract/properties.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { BodyLimitRule } from '../http/body-limit.ts';
import { malformedJson } from '../http/error-response.ts';
import { parseInput } from '../middleware/validate.ts';
import { checkImage, IMAGE_ERRORS, storeListingImage } from './image-processing.ts';

/** 25 photos of 5 MB, base64 in JSON (4/3 larger), and room for the envelope. */
const MAX_UPLOAD_BODY = Math.ceil(MAX_IMAGES_PER_LISTING * MAX_IMAGE_BYTES * 1.4) + 64 * 1024;

/** The app's body limit (api/http/body-limit.ts) lets uploads, and only them, past 1 MB. */
export const UPLOAD_BODY_LIMITS: readonly BodyLimitRule[] = [
  { pathPrefix: '/api/upload/property-images', maxBytes: MAX_UPLOAD_BODY, message: `At most ${MAX_IMAGES_PER_LISTING} photos of 5 MB each per upload.` },
];

const DATA_URL = /^data:([\w.+/-]*)(;[\w=.+-]+)*;base64,/;

/** A data URL's bytes; the declared type is ignored (the bytes decide). */
function decodeDataUrl(value: string, index: number): Uint8Array {
  const match = DATA_URL.exec(value.slice(0, 200));
  if (!match) {
    throw new DomainError('invalid', 'invalid_input', 'Each image must be a base64 data URL', {
      issues: [{ path: `images.${index}`, message: 'Each image must be a base64 data URL' }],
    });
  }
  const base64 = value.slice(match[0].length);
  // Checked before decoding: 4 base64 characters are 3 bytes.
  if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 3) throw IMAGE_ERRORS.tooLarge();
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/**
 * POST /api/upload/property-images: JSON `{images: [dataUrl]}` (the list
 * wizard) or multipart field `images` (the edit form). Every file is checked
 * (size, then type by its bytes) before any is stored, so a bad one stores none.
 */
export function uploadRoutes({ files }: Pick<AppDeps, 'files'>) {
  return new Hono<AppEnv>().post(
    '/property-images',
    requireUser,
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      let images: Uint8Array[];
      if (type.startsWith('multipart/form-data')) {
        const form = await c.req.parseBody({ all: true }).catch(() => {
          throw new DomainError('invalid', 'invalid_input', 'The upload could not be read.');
        });
        const field = form.images ?? form['images[]'];
        const list = (Array.isArray(field) ? field : field === undefined ? [] : [field]).filter((f): f is File => f instanceof File);
        if (list.length === 0) throw new DomainError('invalid', 'invalid_input', 'Choose at least one photo (multipart field "images").');
        if (list.length > MAX_IMAGES_PER_LISTING) throw new DomainError('invalid', 'too_many_images', `At most ${MAX_IMAGES_PER_LISTING} photos per listing`);
        if (list.some((f) => f.size > MAX_IMAGE_BYTES)) throw IMAGE_ERRORS.tooLarge();
        images = await Promise.all(list.map(async (f) => new Uint8Array(await f.arrayBuffer())));
      } else if (type.startsWith('application/json')) {
        const body = await c.req.json().catch(() => {
          throw malformedJson();
        });
        images = parseInput(UploadImagesJsonSchema, body).images.map(decodeDataUrl);
      } else {
        throw new DomainError('unsupported_media', 'unsupported_media_type', 'Send JSON {images: [data URLs]} or multipart/form-data with field "images".');
      }
      for (const bytes of images) checkImage(bytes);
      const urls: string[] = [];
      // One at a time: decoding and resizing is CPU work; parallel uploads would starve other requests.
      for (const bytes of images) urls.push(await storeListingImage(files, bytes));
      return c.json({ images: urls }, 201);
    },
  );
}
