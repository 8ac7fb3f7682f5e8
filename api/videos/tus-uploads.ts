import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type Upload } from '@tus/server';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../../events/store/errors.ts';
import type { Actor } from '../../events/video/video.decider.ts';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import { VIDEO_TUS_PATH } from '../contract/videos.schema.ts';
import type { Config } from '../env.ts';
import { errorBody, statusOf } from '../http/error-response.ts';
import { isUuid } from '../http/is-uuid.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { displayName, ownListing, recordUploadedVideo, type UploadDeps } from './video-uploads.ts';
import { writeToQuarantine } from './quarantine-writer.ts';

/** An unfinished upload is kept this long after it was created, then deleted (tus's expiration extension). */
export const INCOMPLETE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** A tus hook's refusal: tus answers with this status and body. */
type TusRefusal = { status_code: number; body: string };

/** A domain refusal as tus answers it (with the contract's status and body); anything else as it is. */
function refusal(error: unknown): unknown {
  if (error instanceof DomainError) return { status_code: statusOf(error), body: JSON.stringify(errorBody(error.message, error.code)) } satisfies TusRefusal;
  return error;
}
const refused = (kind: 'unauthorized' | 'not_found', code: string, message: string) => refusal(new DomainError(kind, code, message));

/**
 * tus's staging area, always on the server's disk at `<DATA_DIR>/video-uploads/`,
 * even when files live in S3 (docs/decisions/080): partial uploads are the
 * server's own working files, resumed by this process (tus's locker is in
 * memory); only a finished, checked file goes to quarantine storage.
 */
function stagingStore(config: Pick<Config, 'dataDir'>): FileStore {
  const directory = join(config.dataDir, 'video-uploads');
  mkdirSync(directory, { recursive: true });
  return new FileStore({ directory, expirationPeriodInMilliseconds: INCOMPLETE_UPLOAD_TTL_MS });
}

/**
 * Resumable video uploads (tus 1.0, @tus/server) at VIDEO_TUS_PATH. Every
 * request comes through the session check (the route requires a user) and
 * only the uploader may resume, look at or cancel an upload. A finished upload
 * is streamed through the quarantine writer (type by the bytes, 100 MB) and
 * recorded as VideoUploaded, once: the video's id and the append's
 * idempotency key come from the tus id.
 */
export function createTusVideoUploads(deps: UploadDeps & { config: Pick<Config, 'dataDir' | 'publicOrigin'> }) {
  const { db, config } = deps;
  const datastore = stagingStore(config);
  const actors = new WeakMap<object, Actor>();
  const actorOf = (req: object): Actor => {
    const actor = actors.get(req);
    if (!actor) throw refused('unauthorized', 'unauthorized', 'Sign in to upload videos.');
    return actor;
  };

  async function ownedUpload(req: object, id: string): Promise<Upload> {
    const actor = actorOf(req);
    const upload = await datastore.getUpload(id).catch(() => undefined);
    // Someone else's upload does not exist for you.
    if (!upload || upload.metadata?.ownerId !== actor.id) throw refused('not_found', 'upload_not_found', 'Upload not found');
    return upload;
  }

  const server = new Server({
    path: VIDEO_TUS_PATH,
    datastore,
    locker: new MemoryLocker(),
    maxSize: MAX_VIDEO_BYTES,
    allowedOrigins: [config.publicOrigin],
    allowedCredentials: true,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomUUID(),
    relativeLocation: true,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && isUuid(lastPath) ? lastPath : undefined),
    async onUploadCreate(req, upload) {
      const actor = actorOf(req);
      try {
        const propertyId = await ownListing(db, actor, upload.metadata?.propertyId);
        return { metadata: { filename: displayName(upload.metadata?.filename), ownerId: actor.id, propertyId: propertyId ?? '' } };
      } catch (error) {
        throw refusal(error);
      }
    },
    async onIncomingRequest(req, id) {
      // A POST is called here before its upload exists (onUploadCreate checks it); every later request must be the uploader's.
      if (req.method === 'POST') return void actorOf(req);
      await ownedUpload(req, id);
    },
    async onUploadFinish(req, upload) {
      const actor = actorOf(req);
      const source = (await datastore.read(upload.id)) as Readable;
      const videoId = newRecordId({ key: upload.id }, 'video');
      try {
        const quarantined = await writeToQuarantine(deps.files, source, { videoId, uploadId: randomUUID() });
        const video = await recordUploadedVideo(deps, {
          videoId, actor, quarantined,
          propertyId: upload.metadata?.propertyId || null,
          originalName: displayName(upload.metadata?.filename),
          idempotency: { key: `tus:${upload.id}`, requestHash: `tus:${upload.id}` },
        });
        await datastore.remove(upload.id).catch(() => undefined);
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(video) };
      } catch (error) {
        // A refused file (not a video) is of no use to anyone: it goes at once.
        if (error instanceof DomainError) await datastore.remove(upload.id).catch(() => undefined);
        throw refusal(error);
      }
    },
  });

  return {
    /** Answers one tus request from `actor` (the route has checked the session). */
    handle(request: Request, actor: Actor): Promise<Response> {
      actors.set(request, actor);
      return server.handleWeb(request as Parameters<typeof server.handleWeb>[0]);
    },
    /** Deletes unfinished uploads older than INCOMPLETE_UPLOAD_TTL_MS; how many. */
    deleteExpired: (): Promise<number> => server.cleanUpExpiredUploads(),
  };
}

export type TusVideoUploads = ReturnType<typeof createTusVideoUploads>;
