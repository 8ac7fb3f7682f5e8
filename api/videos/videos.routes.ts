import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../events/store/errors.ts';
import { adminDownload, ownerDownload } from '../../events/video/video.access.ts';
import type { Actor } from '../../events/actor.ts';
import { VIDEO_ERRORS } from '../../events/video/video.decider.ts';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireAdmin, requireUser } from '../auth/session.middleware.ts';
import {
  listingVideoStreamUrl,
  PendingVideosQuerySchema,
  savedVideoName,
  VIDEO_TUS_PATH,
  videoIdOfFileName,
  type UploadedVideo,
} from '../contract/videos.schema.ts';
import { requestOrigin } from '../commands/run-command.ts';
import { validate } from '../middleware/validate.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorBody } from '../http/error-response.ts';
import type { BodyLimitRule } from '../http/body-limit.ts';
import { serveDownload } from '../http/serve-download.ts';
import { readStreamedMultipart } from '../http/streamed-multipart.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { actorOf, visibleProperty } from '../properties/listing-commands.ts';
import { writeToQuarantine, type Quarantined } from './quarantine-writer.ts';
import type { TusVideoUploads } from './tus-uploads.ts';
import { displayName, ownListing, recordUploadedVideo, storeEditedVideo } from './video-uploads.ts';
import { findVideoOf, listApprovedVideos, listListingVideos, listPendingVideos } from './videos.read.ts';
import { loadVideo } from './video-commands.ts';
import { holdUploadSlot, QUOTA_ERRORS, releaseUploadSlot, requireVerified, VIDEO_QUOTA } from './upload-quota.ts';
import { editedVideoBody, tusBody, videoUploadBody } from '../openapi/described-bodies.ts';
import { requestHeader } from '../http/node-exchange.ts';

/** Files per call of POST /api/upload/property-videos (each at most 100 MB). */
export const MAX_VIDEOS_PER_UPLOAD = 5;
const ENVELOPE = 1024 * 1024;

/** The app's body limit lets the video calls, and only them, past 1 MB; each file is also counted on its own. */
export const VIDEO_BODY_LIMITS: readonly BodyLimitRule[] = [
  {
    pathPrefix: '/api/upload/property-videos',
    maxBytes: MAX_VIDEOS_PER_UPLOAD * MAX_VIDEO_BYTES + ENVELOPE,
    message: `At most ${MAX_VIDEOS_PER_UPLOAD} videos of 100 MB each per upload.`,
  },
  {
    pathPrefix: '/api/admin/upload-edited-video/',
    maxBytes: MAX_VIDEO_BYTES + ENVELOPE,
    message: 'A video may be at most 100 MB.',
  },
  { pathPrefix: VIDEO_TUS_PATH, maxBytes: MAX_VIDEO_BYTES + ENVELOPE, message: 'A video may be at most 100 MB.' },
];

/** Video calls stream their bodies: the idempotency middleware must not read them whole (api/middleware/idempotency.ts). */
export const STREAMED_BODY_PATHS: readonly string[] = VIDEO_BODY_LIMITS.map((rule) => rule.pathPrefix);

type VideoDeps = Pick<AppDeps, 'db' | 'store' | 'files' | 'clock'>;

/**
 * POST /api/upload/property-videos (spec part 1 §7): multipart field `videos`,
 * optional `propertyId` (the caller's own listing). Every file is streamed into
 * quarantine first; only when the whole body was read and every file accepted
 * are they recorded, so a refused file (415, 413) records none and leaves
 * nothing stored. With an Idempotency-Key a retry answers the first videos.
 */
export function videoUploadRoutes(deps: VideoDeps) {
  const { db, files } = deps;
  return new Hono<AppEnv>().post('/property-videos', videoUploadBody, requireUser, async (c) => {
    const actor = actorOf(c);
    requireVerified(currentUser(c));
    // The request holds a place in the uploader's quota while it is read, for the bytes it declares
    // (a chunked one for the largest video, and refused past that once its files are in).
    const slotId = `multipart:${randomUUID()}`;
    const declared = Number(requestHeader(c, 'content-length') ?? Number.NaN);
    const held = Number.isFinite(declared) ? declared : MAX_VIDEO_BYTES;
    const now = deps.clock();
    await holdUploadSlot(db, {
      slotId,
      ownerId: actor.id,
      bytes: held,
      now,
      expiresAt: new Date(now.getTime() + VIDEO_QUOTA.multipartHoldMs),
    });
    try {
      return await receiveVideos(c, actor, held);
    } finally {
      await releaseUploadSlot(db, slotId);
    }
  });

  async function receiveVideos(c: Context<AppEnv>, actor: Actor, held: number) {
    const staged: { videoId: string; originalName: string; quarantined: Quarantined }[] = [];
    let fields: Record<string, string>;
    try {
      ({ fields } = await readStreamedMultipart(c, {
        fileFields: ['videos', 'videos[]'],
        maxFiles: MAX_VIDEOS_PER_UPLOAD,
        onFile: async (file) => {
          const videoId = newRecordId(c.var.idempotency, `video-${staged.length}`);
          const quarantined = await writeToQuarantine(files, file.stream, { videoId, uploadId: randomUUID() });
          staged.push({ videoId, originalName: displayName(file.fileName), quarantined });
          const received = staged.reduce((sum, s) => sum + s.quarantined.size, 0);
          if (received > held) throw QUOTA_ERRORS.pendingFull(received);
        },
      }));
      if (staged.length === 0)
        throw new DomainError('invalid', 'invalid_input', 'Choose a video (multipart field "videos").');
    } catch (error) {
      await Promise.all(staged.map((s) => files.delete(s.quarantined.quarantineKey).catch(() => undefined)));
      throw error;
    }
    const unrecorded = new Set(staged);
    try {
      const propertyId = await ownListing(db, actor, fields.propertyId);
      const videos: UploadedVideo[] = [];
      for (const item of staged) {
        unrecorded.delete(item);
        // One key per video: the runner names each video's stream after the request's key.
        videos.push(await recordUploadedVideo(deps, { ...item, actor, propertyId, origin: requestOrigin(c.var) }));
      }
      return c.json({ videos }, 201);
    } finally {
      await Promise.all([...unrecorded].map((s) => files.delete(s.quarantined.quarantineKey).catch(() => undefined)));
    }
  }
}

const TUS_METHODS = ['POST', 'PATCH', 'DELETE', 'OPTIONS'];

/** The resumable upload (tus) at VIDEO_TUS_PATH, signed-in people only. */
export function tusVideoRoutes(tus: TusVideoUploads) {
  const handle = (c: Context<AppEnv>) => {
    const user = currentUser(c);
    return tus.handle(c.req.raw, {
      actor: actorOf(c),
      verified: user.emailVerified || user.phoneVerified,
      requestId: c.var.requestId,
    });
  };
  return (
    new Hono<AppEnv>()
      .on(TUS_METHODS, ['/', '/:id'], tusBody, requireUser, handle)
      // Hono answers HEAD (tus: "what offset do you have?") through GET routes. A real GET
      // would download an unfinished upload, which is never offered.
      .get('/:id', requireUser, async (c) =>
        c.req.method === 'HEAD' ? handle(c) : c.json(errorBody('Upload not found', 'not_found'), 404),
      )
  );
}

/** My Videos (spec part 2): the caller's approved videos and their downloads, theirs only. */
export function ownerVideoRoutes({ db, store, files }: VideoDeps) {
  return new Hono<AppEnv>()
    .get('/approved-videos', requireUser, async (c) =>
      c.json({ videos: await listApprovedVideos(db, currentUser(c).id) }),
    )
    .get('/download-video/:fileName', requireUser, async (c) => {
      const user = currentUser(c);
      const videoId = await findVideoOf(db, user.id, c.req.param('fileName'));
      if (!videoId) throw VIDEO_ERRORS.notFound();
      const { state } = await loadVideo(store, videoId);
      const { originalName, ...file } = ownerDownload(state, { id: user.id, isAdmin: user.isAdmin });
      if (c.req.param('fileName') !== file.fileName) throw VIDEO_ERRORS.notFound();
      // Saved under the name the owner gave it (tour.mp4), not the id the URL carries.
      return serveDownload(
        c,
        files,
        { ...file, fileName: savedVideoName(originalName, file.fileName) },
        { inline: c.req.query('inline') === '1' },
      );
    });
}

/**
 * Admin Video Management (spec part 2): the pending list, the clean original's
 * download, the edited version's upload. `{userId}/{fileName}` is looked up,
 * never joined into a path: a name the server did not make, or another
 * user's video, is a 404.
 */
export function adminVideoRoutes(deps: VideoDeps) {
  const { db, store, files } = deps;
  return new Hono<AppEnv>()
    .get('/pending-videos', requireAdmin, validate('query', PendingVideosQuerySchema), async (c) =>
      c.json(await listPendingVideos(db, c.req.valid('query'))),
    )
    .get('/download-video/:userId/:fileName', requireAdmin, async (c) => {
      const videoId = await findVideoOf(db, c.req.param('userId'), c.req.param('fileName'));
      if (!videoId) throw VIDEO_ERRORS.notFound();
      const { state } = await loadVideo(store, videoId);
      const file = adminDownload(state, actorOf(c));
      return serveDownload(c, files, file);
    })
    .post('/upload-edited-video/:userId', editedVideoBody, requireAdmin, async (c) => {
      const actor = actorOf(c);
      const userId = c.req.param('userId');
      let videoId: string | undefined;
      const { files: count } = await readStreamedMultipart(c, {
        fileFields: ['editedVideo'],
        maxFiles: 1,
        onFile: async (file, fieldsSoFar) => {
          const originalFileName = fieldsSoFar.originalFileName;
          if (!originalFileName) {
            throw new DomainError(
              'invalid',
              'invalid_input',
              'Send the field "originalFileName" before the file "editedVideo".',
            );
          }
          videoId = await findVideoOf(db, userId, originalFileName);
          if (!videoId) throw VIDEO_ERRORS.notFound();
          const id = videoId;
          await storeEditedVideo(deps, {
            videoId: id,
            actor,
            origin: requestOrigin(c.var),
            originalName: displayName(file.fileName),
            source: file.stream,
            canEdit: async () => {
              const { state } = await loadVideo(store, id);
              if (state.status === 'none') throw VIDEO_ERRORS.notFound();
              if (state.status !== 'pending_review' && state.status !== 'edited_infected')
                throw VIDEO_ERRORS.notReadyForEdit(state.status);
            },
          });
        },
      });
      if (count === 0 || !videoId)
        throw new DomainError('invalid', 'invalid_input', 'Choose the edited video (multipart field "editedVideo").');
      return c.json(
        {
          videoId,
          status: 'edited_pending_scan' as const,
          message: 'Edited video uploaded. It is being scanned and will reach the owner once clean.',
        },
        201,
      );
    });
}

/**
 * A listing's published videos, for whoever may see the listing (everyone once
 * it is live): GET /api/properties/{id}/videos and the stream of one of them.
 */
export function listingVideoRoutes({ db, files }: VideoDeps) {
  return new Hono<AppEnv>()
    .get('/:id/videos', async (c) => {
      const property = await visibleProperty(c, db, c.req.param('id'));
      const videos = await listListingVideos(db, property.id);
      return c.json({
        videos: videos.map((v) => ({
          videoId: v.videoId,
          streamUrl: listingVideoStreamUrl(property.id, v.fileName),
          contentType: v.contentType,
          fileSize: v.fileSize,
        })),
      });
    })
    .get('/:id/videos/:fileName', async (c) => {
      const property = await visibleProperty(c, db, c.req.param('id'));
      const fileName = c.req.param('fileName');
      const video =
        videoIdOfFileName(fileName) && (await listListingVideos(db, property.id)).find((v) => v.fileName === fileName);
      if (!video) throw VIDEO_ERRORS.notFound();
      return serveDownload(
        c,
        files,
        { key: video.key, fileName: video.fileName, contentType: video.contentType, size: video.fileSize },
        { inline: true },
      );
    });
}
