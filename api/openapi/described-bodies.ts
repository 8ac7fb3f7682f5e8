import { describeRoute, resolver } from 'hono-openapi';
import { TrackVisitorSchema } from '../contract/analytics.schema.ts';

// The bodies of the routes that read them themselves, streamed or as text, rather than through
// validate() (api/middleware/validate.ts): what the published API document says they take.

const file = { type: 'string', contentMediaType: 'application/octet-stream' } as const;

/** A required multipart/form-data body with these fields. */
const multipart = (properties: Record<string, object>, required: string[]) =>
  describeRoute({
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } },
    },
  });

/** POST /api/analytics/track-visitor: JSON sent as text/plain by navigator.sendBeacon. */
export const trackVisitorBody = describeRoute({
  requestBody: {
    required: true,
    content: {
      'text/plain': { schema: resolver(TrackVisitorSchema) },
      'application/json': { schema: resolver(TrackVisitorSchema) },
    },
  },
});

/** POST /api/upload/property-images: photos as data URLs (the list wizard) or multipart files (the edit form). */
export const photoUploadBody = describeRoute({
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { images: { type: 'array', items: { type: 'string', pattern: '^data:image/' } } },
          required: ['images'],
        },
      },
      'multipart/form-data': {
        schema: { type: 'object', properties: { images: { type: 'array', items: file } }, required: ['images'] },
      },
    },
  },
});

/** POST /api/upload/property-videos: multipart videos, optionally for one of the caller's listings. */
export const videoUploadBody = multipart(
  { videos: { type: 'array', items: file }, propertyId: { type: 'string', format: 'uuid' } },
  ['videos'],
);

/** POST /api/admin/upload-edited-video/{userId}: the edited file, named after the host's original. */
export const editedVideoBody = multipart({ editedVideo: file, originalFileName: { type: 'string' } }, [
  'editedVideo',
  'originalFileName',
]);

/** The resumable video upload (tus 1.0.0): a POST creates it, each PATCH sends the next bytes. */
export const tusBody = describeRoute({
  description:
    'tus 1.0.0 resumable upload (https://tus.io/protocols/resumable-upload): Tus-Resumable: 1.0.0 on every request; Upload-Length and Upload-Metadata on POST; Upload-Offset on PATCH, HEAD answers it.',
  requestBody: { required: false, content: { 'application/offset+octet-stream': { schema: file } } },
});
