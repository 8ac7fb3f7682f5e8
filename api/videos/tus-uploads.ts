import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type Upload } from '@tus/server';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../../events/store/errors.ts';
import type { Actor } from '../../events/actor.ts';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import * as v from 'valibot';
import { type ErrorBody, ErrorBodySchema, SERVER_ERROR } from '../contract/error.schema.ts';
import { VIDEO_TUS_PATH } from '../contract/videos.schema.ts';
import type { Config } from '../env.ts';
import { errorBody, statusOf } from '../http/error-response.ts';
import { isUuid } from '../http/is-uuid.ts';
import { requestOrigin } from '../commands/run-command.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { displayName, ownListing, recordUploadedVideo, type UploadDeps } from './video-uploads.ts';
import { writeToQuarantine } from './quarantine-writer.ts';
import { deleteExpiredSlots, holdUploadSlot, releaseUploadSlot, requireVerified } from './upload-quota.ts';
import { findFinishedUpload } from './videos.read.ts';

/** An unfinished upload is kept this long after it was created, then deleted (tus's expiration extension). */
export const INCOMPLETE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A finished upload still answers HEAD with its whole length this long after
 * its video was recorded (issue 27): a client whose last PATCH answer was lost
 * asks HEAD, sees it done and stops, instead of starting again with POST.
 */
export const FINISHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Who sends a tus request, as the route found them: the actor, whether their account may upload, and the request's id. */
export type TusCaller = {
  actor: Actor;
  verified: boolean;
  requestId?: string | undefined;
  retryAfterSeconds?: number | undefined;
};

/** A tus hook's refusal: tus answers with this status and body (no headers: Retry-After is added in handle()). */
type TusRefusal = { status_code: number; body: string };

/** A domain refusal as tus answers it (with the contract's status and body); anything else as it is. */
function refusal(error: unknown): unknown {
  if (error instanceof DomainError) {
    return {
      status_code: statusOf(error),
      body: JSON.stringify(errorBody(error.message, error.code, error.details.issues)),
    } satisfies TusRefusal;
  }
  return error;
}

/** The contract's code for a status tus answers on its own (its bodies are plain text). */
const TUS_CODES: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  412: 'unsupported_tus_version',
  413: 'too_large',
  415: 'unsupported_media',
  460: 'checksum_mismatch',
};

/** A refusal our hooks wrote (the contract's body, as tus sends it on), or undefined. */
function ourRefusal(text: string): ErrorBody | undefined {
  try {
    const parsed = v.safeParse(ErrorBodySchema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every refusal in the contract's format, as JSON: tus's own (a missing Tus-Resumable header, a
 * wrong offset, an unknown upload) come as plain text, with the same status and text; those our
 * hooks made carry the contract's body already, which tus sends as text/plain.
 */
async function inContractFormat(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = (await response.text()).trim();
  const body =
    ourRefusal(text) ??
    (response.status >= 500
      ? SERVER_ERROR
      : errorBody(text || `The upload was refused (${response.status}).`, TUS_CODES[response.status] ?? 'bad_request'));
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** tus answers a refusal without our headers: a 429 or 503 gets the Retry-After its body's error asked for. */
function withRetryAfter(response: Response, seconds: number | undefined): Response {
  if (
    seconds === undefined ||
    (response.status !== 429 && response.status !== 503) ||
    response.headers.has('retry-after')
  )
    return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(seconds));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
const refused = (kind: 'unauthorized' | 'not_found', code: string, message: string) =>
  refusal(new DomainError(kind, code, message));

/** A resumable upload's place in its owner's quota (api/videos/upload-quota.ts). */
const slotIdOf = (uploadId: string) => `tus:${uploadId}`;

/** The upload id a tus URL ends with (checked by the caller). */
const uploadIdOf = (request: Request) => new URL(request.url).pathname.split('/').pop() ?? '';

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
  const { db, config, clock } = deps;
  const datastore = stagingStore(config);
  const callers = new WeakMap<object, TusCaller>();
  const callerOf = (req: object): TusCaller => {
    const caller = callers.get(req);
    if (!caller) throw refused('unauthorized', 'unauthorized', 'Sign in to upload videos.');
    return caller;
  };
  const actorOf = (req: object): Actor => callerOf(req).actor;
  /** The staged upload and its place in the quota go together. */
  const removeStaged = async (id: string) => {
    await datastore.remove(id).catch(() => undefined);
    await releaseUploadSlot(db, slotIdOf(id));
  };

  async function ownedUpload(req: object, id: string): Promise<Upload> {
    const actor = actorOf(req);
    const upload = await datastore.getUpload(id).catch(() => undefined);
    // Someone else's upload does not exist for you.
    if (!upload || upload.metadata?.ownerId !== actor.id)
      throw refused('not_found', 'upload_not_found', 'Upload not found');
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
      const caller = callerOf(req);
      const { actor, verified } = caller;
      try {
        requireVerified({ emailVerified: verified, phoneVerified: false });
        const propertyId = await ownListing(db, actor, upload.metadata?.propertyId);
        // Last: a refusal above holds nothing. An upload of deferred length counts as the largest.
        const now = clock();
        await holdUploadSlot(db, {
          slotId: slotIdOf(upload.id),
          ownerId: actor.id,
          bytes: upload.size ?? MAX_VIDEO_BYTES,
          now,
          expiresAt: new Date(now.getTime() + INCOMPLETE_UPLOAD_TTL_MS),
        });
        return {
          metadata: {
            filename: displayName(upload.metadata?.filename),
            ownerId: actor.id,
            propertyId: propertyId ?? '',
          },
        };
      } catch (error) {
        if (error instanceof DomainError) caller.retryAfterSeconds = error.details.retryAfterSeconds;
        throw refusal(error);
      }
    },
    async onIncomingRequest(req, id) {
      // A POST is called here before its upload exists (onUploadCreate checks it); every later request must be the uploader's.
      if (req.method === 'POST') return void actorOf(req);
      await ownedUpload(req, id);
    },
    async onUploadFinish(req, upload) {
      const { actor, requestId } = callerOf(req);
      // The upload's id is its key: the request that finishes it carries no Idempotency-Key of its own.
      const key = `tus:${upload.id}`;
      const source = (await datastore.read(upload.id)) as Readable;
      const videoId = newRecordId({ key: upload.id }, 'video');
      try {
        const quarantined = await writeToQuarantine(deps.files, source, { videoId, uploadId: randomUUID() });
        const video = await recordUploadedVideo(deps, {
          videoId,
          actor,
          quarantined,
          propertyId: upload.metadata?.propertyId || null,
          originalName: displayName(upload.metadata?.filename),
          origin: requestOrigin({ user: actor, requestId, idempotency: { key, requestHash: key } }),
        });
        await removeStaged(upload.id);
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(video) };
      } catch (error) {
        // A refused file (not a video) is of no use to anyone: it goes at once.
        if (error instanceof DomainError) await removeStaged(upload.id);
        throw refusal(error);
      }
    },
  });

  /**
   * HEAD for an upload no longer staged because it finished: the whole length,
   * as tus answers a complete upload, for FINISHED_UPLOAD_TTL_MS after its
   * video was recorded, to its uploader only; anything else goes to tus (a 404).
   */
  async function finishedHead(request: Request, actor: Actor): Promise<Response | undefined> {
    const id = uploadIdOf(request);
    if (
      !isUuid(id) ||
      (await datastore.getUpload(id).then(
        () => true,
        () => false,
      ))
    )
      return undefined;
    const videoId = newRecordId({ key: id }, 'video');
    const since = new Date(clock().getTime() - FINISHED_UPLOAD_TTL_MS);
    const finished = await findFinishedUpload(db, { videoId, ownerId: actor.id, since });
    if (!finished) return undefined;
    return new Response(null, {
      status: 200,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(finished.size),
        'Upload-Length': String(finished.size),
        'Cache-Control': 'no-store',
        'Efie-Video-Id': finished.videoId,
      },
    });
  }

  return {
    /** Answers one tus request from `caller` (the route has checked the session). */
    async handle(request: Request, caller: TusCaller): Promise<Response> {
      if (request.method === 'HEAD') {
        const finished = await finishedHead(request, caller.actor);
        if (finished) return finished;
      }
      const own = { ...caller };
      callers.set(request, own);
      const response = await server.handleWeb(request as Parameters<typeof server.handleWeb>[0]);
      // The uploader cancelled it: its place in the quota is free before the answer goes.
      if (request.method === 'DELETE' && response.status === 204)
        await releaseUploadSlot(db, slotIdOf(uploadIdOf(request)));
      return withRetryAfter(await inContractFormat(response), own.retryAfterSeconds);
    },
    /** Deletes unfinished uploads older than INCOMPLETE_UPLOAD_TTL_MS (and their places in the quota); how many. */
    async deleteExpired(): Promise<number> {
      const deleted = await server.cleanUpExpiredUploads();
      const now = clock();
      await deleteExpiredSlots(db, now);
      // A place whose upload is no longer staged (expired by tus's own clock, or lost with a disk) is free.
      const settled = new Date(now.getTime() - 60_000);
      const held = await db.query<{ id: string }>(
        `select id from video_upload_slots where id like 'tus:%' and created_at < $1`,
        [settled],
      );
      for (const { id } of held) {
        const staged = await datastore.getUpload(id.slice('tus:'.length)).then(
          () => true,
          () => false,
        );
        if (!staged) await releaseUploadSlot(db, id);
      }
      return deleted;
    },
  };
}

export type TusVideoUploads = ReturnType<typeof createTusVideoUploads>;
