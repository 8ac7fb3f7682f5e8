import { ConcurrencyError, DomainError } from '../../events/store/errors.ts';
import type { CommandResult } from '../../events/store/command-handler.ts';
import type { EventStore } from '../../events/store/event-store.ts';
import { startPolling, type Poller } from '../../events/store/polling.ts';
import type { Database } from '../../events/store/sql.ts';
import {
  AWAITING_REVIEW,
  type KnownVideo,
  type ScanVerdict,
  type VideoEvent,
  type VideoState,
} from '../../events/video/video.decider.ts';
import {
  addDays,
  approvedKeyFor,
  INFECTED_RETENTION_DAYS,
  UNREVIEWED_EXPIRY_DAYS,
} from '../../events/video/video.policy.ts';
import { runCommand, systemOrigin } from '../commands/run-command.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { errorText, type Logger } from '../logger.ts';
import type { NewMessage, Outbox } from '../outbox/outbox.ts';
import { userFileName } from '../outbox/user-text.ts';
import { loadVideo, videoCommands } from './video-commands.ts';
import type { ScanOutcome, VirusScanner } from './virus-scanner.ts';
import { cutText } from '../contract/well-formed-text.ts';

export type ScanWorkerDeps = {
  db: Database;
  store: EventStore;
  files: FileStorage;
  scanner: VirusScanner;
  outbox: Outbox;
  clock: () => Date;
  /** How long a claimed file is ours: longer than any scan may take. */
  leaseMs?: number;
  /** Where a failed scan's own words go (LibClamAV's errors): the server log, never the admin's screen. */
  log?: Logger;
};

export const SCAN_LEASE_MS = 10 * 60 * 1000;
const SCANNER = systemOrigin('system:video-scanner');

type Claimed = { quarantine_key: string; video_id: string; file: 'original' | 'edited'; scans_started: number };

/** What the uploader is told about an infected video, by e-mail or else SMS. */
export function infectedNotice(
  contact: { email: string | null; phone: string | null },
  video: KnownVideo,
): NewMessage | undefined {
  const name = userFileName(cutText(video.original.originalName, 100));
  const text =
    `Your video "${name}" was not accepted: our virus scanner found something harmful in the file. ` +
    'It will never be shown or sent to anyone, and it will be deleted. Please check the device it came from, ' +
    'then upload the video again. If you think this is a mistake, contact support@efie.app.';
  if (contact.email) return { channel: 'email', to: contact.email, subject: 'Your video could not be accepted', text };
  if (contact.phone) return { channel: 'sms', to: contact.phone, subject: null, text };
  return undefined;
}

/** What the owner is told when their video expired without a review (issue 27). */
export function expiredNotice(
  contact: { email: string | null; phone: string | null },
  video: KnownVideo,
): NewMessage | undefined {
  const name = cutText(video.original.originalName, 100);
  const text =
    `Your video "${name}" was not reviewed within ${UNREVIEWED_EXPIRY_DAYS} days of its upload, so it has been removed. ` +
    'Sorry about that. If you still want it on your listing, please upload it again in Efie.';
  if (contact.email)
    return { channel: 'email', to: contact.email, subject: 'Your video was removed before its review', text };
  if (contact.phone) return { channel: 'sms', to: contact.phone, subject: null, text };
  return undefined;
}

/** What the owner is told when the edited video is in their approved area (spec: "the user is told when ready"). */
export function readyNotice(
  contact: { email: string | null; phone: string | null },
  video: KnownVideo,
): NewMessage | undefined {
  const name = userFileName(cutText(video.original.originalName, 100));
  const text = `Your video "${name}" is ready. Find it under My Videos in Efie, where you can watch and download it.`;
  if (contact.email) return { channel: 'email', to: contact.email, subject: 'Your video is ready', text };
  if (contact.phone) return { channel: 'sms', to: contact.phone, subject: null, text };
  return undefined;
}

/**
 * Works through the scan queue (docs/decisions/080): claims one due file with
 * a lease, scans it outside any transaction, then records the verdict and
 * closes (or reschedules) the queue row in one transaction. Also publishes
 * clean edited versions to the owner's approved area.
 */
export function createVideoScanWorker({
  db,
  store,
  files,
  scanner,
  outbox,
  clock,
  leaseMs = SCAN_LEASE_MS,
  log,
}: ScanWorkerDeps) {
  /**
   * The next due file, owners taking turns (issue 27): the owner whose last
   * scan started longest ago (or never) goes first, and within an owner the
   * file due first. So one account's 200 uploads delay another's first by one
   * scan at most, not by 200.
   */
  async function claim(now: Date): Promise<Claimed | undefined> {
    const rows = await db.query<Claimed>(
      `update video_scans set claimed_until = $2, claimed_at = $1, scans_started = scans_started + 1
       where quarantine_key = (
         select s.quarantine_key from video_scans s
         where s.done_at is null and s.due_at <= $1 and (s.claimed_until is null or s.claimed_until <= $1)
         order by (select max(o.claimed_at) from video_scans o where o.owner_id = s.owner_id) asc nulls first,
           s.due_at, s.quarantine_key
         limit 1 for update skip locked)
       returning quarantine_key, video_id::text as video_id, file, scans_started`,
      [now, new Date(now.getTime() + leaseMs)],
    );
    return rows[0];
  }

  async function scanFile(key: string): Promise<ScanOutcome> {
    const stored = await files.get(key).catch((error: unknown) => error as Error);
    if (stored instanceof Error)
      return { kind: 'failed', failure: 'error', reason: `reading the quarantine copy failed: ${errorText(stored)}` };
    if (!stored) return { kind: 'failed', failure: 'error', reason: 'the quarantine copy is missing' };
    return scanner.scan(stored.body);
  }

  async function record(job: Claimed, verdict: ScanVerdict): Promise<void> {
    await db.transaction(async (tx) => {
      // Still ours? Past our lease another worker may have taken (and finished) the file.
      const [row] = await tx.query<{ scans_started: number; done_at: Date | null }>(
        'select scans_started, done_at from video_scans where quarantine_key = $1 for update',
        [job.quarantine_key],
      );
      if (!row || row.done_at !== null || row.scans_started !== job.scans_started) return;
      const at = clock().toISOString();
      let result: CommandResult<VideoEvent, VideoState>;
      try {
        // In this transaction: the verdict commits with its queue row, or neither does.
        result = await runCommand(
          store,
          SCANNER,
          videoCommands,
          job.video_id,
          { type: 'RecordScanResult', quarantineKey: job.quarantine_key, verdict, at },
          { tx },
        );
      } catch (error) {
        // A lost race goes to scanNext, which tries again; the decider's refusal ends the file's scans.
        if (!(error instanceof DomainError) || error instanceof ConcurrencyError) throw error;
        // The video no longer waits for this file (a verdict recorded elsewhere): nothing left to scan.
        await tx.query(
          `update video_scans set done_at = $2, verdict = 'superseded', claimed_until = null where quarantine_key = $1`,
          [job.quarantine_key, at],
        );
        return;
      }
      const { events, state } = result;
      const [event] = events;
      if (event?.type === 'VideoScanFailed') {
        await tx.query('update video_scans set due_at = $2, claimed_until = null where quarantine_key = $1', [
          job.quarantine_key,
          event.data.nextAttemptAt,
        ]);
        return;
      }
      await tx.query(
        'update video_scans set done_at = $2, verdict = $3, claimed_until = null where quarantine_key = $1',
        [job.quarantine_key, at, verdict.kind],
      );
      if (event?.type === 'VideoFoundInfected' && event.data.file === 'original' && state.status !== 'none') {
        const [contact] = await tx.query<{ email: string | null; phone: string | null }>(
          'select email, phone from users where id = $1',
          [state.ownerId],
        );
        const notice = contact && infectedNotice(contact, state);
        if (notice) await outbox.enqueue(notice, tx);
      }
    });
  }

  async function publish(videoId: string): Promise<boolean> {
    const { state } = await loadVideo(store, videoId);
    if (state.status !== 'publishing' || !state.edited) return false;
    const approvedKey = approvedKeyFor(state.ownerId, state.videoId, state.edited.contentType);
    const source = await files.get(state.edited.quarantineKey);
    if (!source) throw new Error(`video ${state.videoId}: the edited file ${state.edited.quarantineKey} is missing`);
    await files.put(approvedKey, source.body, state.edited.contentType);
    try {
      await runCommand(
        store,
        SCANNER,
        videoCommands,
        state.videoId,
        { type: 'PublishVideo', approvedKey, at: clock().toISOString() },
        {
          // Told in the publication's transaction: once, and only if it is recorded.
          alongside: async (tx) => {
            const [contact] = await tx.query<{ email: string | null; phone: string | null }>(
              'select email, phone from users where id = $1',
              [state.ownerId],
            );
            const notice = contact && readyNotice(contact, state);
            if (notice) await outbox.enqueue(notice, tx);
          },
        },
      );
    } catch (error) {
      // Another worker published it first: the same bytes at the same key.
      if (!(error instanceof DomainError && error.code === 'video_not_publishable')) throw error;
    }
    return true;
  }

  return {
    /**
     * Deletes one infected file's quarantine copy whose retention is over
     * (INFECTED_RETENTION_DAYS after its verdict): the file first (a missing
     * file is no error), then the event, then the queue row. A crash between
     * any two steps is finished by the next pass. True when one was handled.
     */
    async deleteExpiredNext(): Promise<boolean> {
      const at = clock();
      const [row] = await db.query<{ quarantine_key: string; video_id: string }>(
        `select quarantine_key, video_id::text as video_id from video_scans
         where verdict = 'infected' and copy_deleted_at is null and done_at <= $1 order by done_at, quarantine_key limit 1`,
        [addDays(at.toISOString(), -INFECTED_RETENTION_DAYS)],
      );
      if (!row) return false;
      await files.delete(row.quarantine_key);
      await runCommand(store, SCANNER, videoCommands, row.video_id, {
        type: 'DeleteQuarantineCopy',
        quarantineKey: row.quarantine_key,
        at: at.toISOString(),
      });
      await db.query('update video_scans set copy_deleted_at = $2 where quarantine_key = $1', [row.quarantine_key, at]);
      return true;
    },

    /**
     * Expires one video that has waited UNREVIEWED_EXPIRY_DAYS since its
     * upload without a review (issue 27): VideoExpiredUnreviewed, its queue
     * row closed and its owner told, in one transaction; its quarantine copy
     * then goes with deletePublishedCopyNext. True when one expired.
     */
    async expireUnreviewedNext(): Promise<boolean> {
      const at = clock().toISOString();
      const [row] = await db.query<{ id: string }>(
        `select id::text as id from videos where status = any($1::text[]) and uploaded_at <= $2 order by uploaded_at, id limit 1`,
        [AWAITING_REVIEW, addDays(at, -UNREVIEWED_EXPIRY_DAYS)],
      );
      if (!row) return false;
      await runCommand(
        store,
        SCANNER,
        videoCommands,
        row.id,
        { type: 'ExpireUnreviewed', at },
        {
          alongside: async (tx, events, state) => {
            const [event] = events;
            if (event?.type !== 'VideoExpiredUnreviewed') return;
            await tx.query(
              `update video_scans set done_at = $2, verdict = 'superseded', claimed_until = null where video_id = $1 and done_at is null`,
              [row.id, at],
            );
            const [contact] = await tx.query<{ email: string | null; phone: string | null }>(
              'select email, phone from users where id = $1',
              [event.data.ownerId],
            );
            const notice = contact && state.status !== 'none' && expiredNotice(contact, state);
            if (notice) await outbox.enqueue(notice, tx);
          },
        },
      );
      return true;
    },

    /**
     * Deletes one clean quarantine copy of a published video: once the edited
     * version is in the approved area, the original and the edited upload
     * have done their work (nothing can be edited after publication), and
     * keeping a host's raw footage serves nobody. The same for the copy of a
     * video that expired unreviewed. The file first, then the event, then the
     * queue row, as for infected copies. True when one was deleted.
     */
    async deletePublishedCopyNext(): Promise<boolean> {
      const at = clock().toISOString();
      const [row] = await db.query<{ quarantine_key: string; video_id: string }>(
        `select s.quarantine_key, s.video_id::text as video_id from video_scans s join videos v on v.id = s.video_id
         where s.copy_deleted_at is null and s.done_at is not null
           and ((s.verdict = 'clean' and v.status = 'approved') or (s.verdict <> 'infected' and v.status = 'expired'))
         order by s.done_at, s.quarantine_key limit 1`,
      );
      if (!row) return false;
      await files.delete(row.quarantine_key);
      await runCommand(store, SCANNER, videoCommands, row.video_id, {
        type: 'DeleteQuarantineCopy',
        quarantineKey: row.quarantine_key,
        at,
      });
      await db.query('update video_scans set copy_deleted_at = $2 where quarantine_key = $1', [row.quarantine_key, at]);
      return true;
    },

    /** Scans the next due file: its verdict's kind, or 'idle' when nothing is due. */
    async scanNext(): Promise<ScanVerdict['kind'] | 'idle'> {
      const job = await claim(clock());
      if (!job) return 'idle';
      const outcome = await scanFile(job.quarantine_key);
      if (outcome.kind === 'failed') {
        log?.warn('video scan failed', {
          videoId: job.video_id,
          file: job.file,
          failure: outcome.failure,
          reason: outcome.reason,
          ...('detail' in outcome ? { detail: outcome.detail } : {}),
        });
      }
      // What is recorded (and shown to admins) is the verdict without the scanner's own words.
      const verdict: ScanVerdict =
        outcome.kind === 'failed' ? { kind: 'failed', failure: outcome.failure, reason: outcome.reason } : outcome;
      // The owner may change the video (attach it to a listing) while it is scanned: decide again on the new version.
      for (let attempt = 1; ; attempt++) {
        try {
          await record(job, verdict);
          break;
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt === 3) throw error;
        }
      }
      return verdict.kind;
    },

    /**
     * Copies one clean edited version to its owner's approved area and records
     * it: true when one was published. A crash between the copy and the append
     * leaves the video `publishing`, and the next pass copies it again.
     */
    async publishNext(): Promise<boolean> {
      // A video whose copy keeps failing (its file gone) must not hold up the others behind it.
      const rows = await db.query<{ id: string }>(
        `select id::text as id from videos where status = 'publishing' order by updated_at, id limit 20`,
      );
      let failure: unknown;
      for (const row of rows) {
        try {
          if (await publish(row.id)) return true;
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) throw failure;
      return false;
    },
  };
}

export type VideoScanWorker = ReturnType<typeof createVideoScanWorker>;

/** Runs the worker until stopped: publishes, scans what is due, deletes expired infected and published clean copies, then waits `pollMs`. */
export function startVideoScanWorker(
  worker: VideoScanWorker,
  { pollMs = 1_000, onError = (error: unknown) => console.error('video scan worker:', error) } = {},
): Poller {
  return startPolling(
    async () =>
      (await worker.publishNext()) ||
      (await worker.scanNext()) !== 'idle' ||
      (await worker.deleteExpiredNext()) ||
      (await worker.expireUnreviewedNext()) ||
      (await worker.deletePublishedCopyNext()),
    { pollMs, onError },
  );
}
