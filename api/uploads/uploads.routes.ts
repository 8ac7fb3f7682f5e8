import { Hono, type Context } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_LISTING } from '../contract/properties.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { BodyLimitRule } from '../http/body-limit.ts';
import { malformedJson } from '../http/error-response.ts';
import { readStreamedMultipart } from '../http/streamed-multipart.ts';
import { deleteListingImage, storeListingImage } from './image-processing.ts';
import { readImagesJson } from './images-json-reader.ts';
import { photoStagingDirectory, StagedPhoto } from './staged-photo.ts';
import { photoUploadBody } from '../openapi/described-bodies.ts';
import { requestHeader } from '../http/node-exchange.ts';

/** 25 photos of 5 MB, base64 in JSON (4/3 larger), and room for the envelope. */
const MAX_UPLOAD_BODY = Math.ceil(MAX_IMAGES_PER_LISTING * MAX_IMAGE_BYTES * 1.4) + 64 * 1024;

/** The app's body limit (api/http/body-limit.ts) lets uploads, and only them, past 1 MB. */
export const UPLOAD_BODY_LIMITS: readonly BodyLimitRule[] = [
  {
    pathPrefix: '/api/upload/property-images',
    maxBytes: MAX_UPLOAD_BODY,
    message: `At most ${MAX_IMAGES_PER_LISTING} photos of 5 MB each per upload.`,
  },
];

/** Photo uploads are read as they stream: the idempotency middleware must not read them whole either. */
export const STREAMED_UPLOAD_PATHS: readonly string[] = UPLOAD_BODY_LIMITS.map((rule) => rule.pathPrefix);

/** The web body as bytes; a failure of the body itself (the client went away) is an unreadable upload. */
async function* bodyOf(c: Context<AppEnv>): AsyncIterable<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) throw malformedJson();
  try {
    yield* body as unknown as AsyncIterable<Uint8Array>;
  } catch (error) {
    throw error instanceof DomainError
      ? error
      : new DomainError('invalid', 'invalid_input', 'The upload could not be read.');
  }
}

/**
 * POST /api/upload/property-images: JSON `{images: [dataUrl]}` (the list
 * wizard) or multipart field `images` (the edit form). Streamed (issue 27): each
 * photo is read (at most 5 MB), checked by its bytes and stored before the next
 * is read, so an upload holds one photo at a time, never the whole body. All or
 * nothing: when a photo is refused, those of the same upload already stored
 * are deleted, so a bad one leaves none.
 */
export function uploadRoutes({ files, config }: Pick<AppDeps, 'files' | 'config'>) {
  const staging = photoStagingDirectory(config.dataDir);
  return new Hono<AppEnv>().post('/property-images', photoUploadBody, requireUser, async (c) => {
    const type = requestHeader(c, 'content-type') ?? '';
    const urls: string[] = [];
    const staged = new Set<StagedPhoto>();
    const stage = () => {
      const photo = new StagedPhoto(staging);
      staged.add(photo);
      return photo;
    };
    const store = async (photo: StagedPhoto) => {
      try {
        urls.push(await storeListingImage(files, await photo.finish()));
      } finally {
        staged.delete(photo);
        await photo.discard();
      }
    };
    try {
      if (type.startsWith('multipart/form-data')) {
        const { files: count } = await readStreamedMultipart(c, {
          fileFields: ['images', 'images[]'],
          maxFiles: MAX_IMAGES_PER_LISTING,
          onFile: async (file) => {
            const photo = stage();
            for await (const chunk of file.stream as AsyncIterable<Buffer>) {
              photo.write(chunk);
              await photo.drained();
            }
            await store(photo);
          },
        });
        if (count === 0)
          throw new DomainError('invalid', 'invalid_input', 'Choose at least one photo (multipart field "images").');
      } else if (type.startsWith('application/json')) {
        await readImagesJson(bodyOf(c), { open: stage, onImage: store });
      } else {
        throw new DomainError(
          'unsupported_media',
          'unsupported_media_type',
          'Send JSON {images: [data URLs]} or multipart/form-data with field "images".',
        );
      }
    } catch (error) {
      await Promise.all([
        ...[...staged].map((photo) => photo.discard()),
        ...urls.map((url) => deleteListingImage(files, url).catch(() => undefined)),
      ]);
      throw error;
    }
    return c.json({ images: urls }, 201);
  });
}
