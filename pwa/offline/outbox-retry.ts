import { ApiError, errorText } from '../lib/api-client.ts';
import type { OutboxItem } from './outbox-item.schema.ts';
import { NoConnectionError, StalledError } from './transport.ts';

// What a failed send means for the item: pure, so the rules are tested on their own.

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;
/** Failures without an HTTP answer that are about the item itself, before it is shown as not sent. */
export const MAX_FAULTS = 5;

export const backoff = (attempts: number) =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1)) * (0.8 + Math.random() * 0.4);

/** This version of Efie does not know how to send an item of this kind. */
export class UnknownKindError extends Error {
  constructor(kind: string) {
    super(`Unknown outbox item kind ${kind}`);
    this.name = 'UnknownKindError';
  }
}
/**
 * Something about this item only, which its kind can name (a photo kept on the phone can no
 * longer be read, say): `reason` is what the person reads once it is shown as not sent.
 */
export class ItemFaultError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'ItemFaultError';
  }
}

export type Failure =
  /** The server said no (a 4xx it means): stop, show why. */
  | { kind: 'refused'; status: number; message: string }
  /** 401: the session ended. Kept until its owner signs in again. */
  | { kind: 'sign-in' }
  /** No answer at all: the rest would fail the same way, so this drain stops. */
  | { kind: 'offline' }
  /** 5xx, 408, 425, 429 or a request still in progress: the server asks for later. */
  | { kind: 'busy' }
  /** The session is another person's: not sent with it. */
  | { kind: 'not-theirs' }
  /** About this item only (stalled, unknown kind, what its kind names): retried, limited, never blocking others. */
  | { kind: 'fault'; reason: string };

/** A 4xx is the server saying no: retrying will not help (except these, which are about timing or the session). */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 425, 429].includes(error.status) &&
    error.body?.code !== 'request_in_progress'
  );
}

export function classify(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'sign-in' };
    if (isRefusal(error)) return { kind: 'refused', status: error.status, message: errorText(error, error.message) };
    return { kind: 'busy' };
  }
  if (error instanceof NoConnectionError || error instanceof TypeError) return { kind: 'offline' };
  if (error instanceof StalledError || (error instanceof DOMException && error.name === 'TimeoutError'))
    return {
      kind: 'fault',
      reason: 'the connection kept stopping while it was being sent. Try again where the signal is better.',
    };
  if (error instanceof UnknownKindError)
    return {
      kind: 'fault',
      reason: 'this version of Efie cannot send it (another version saved it). Update Efie, or discard it.',
    };
  if (error instanceof ItemFaultError) return { kind: 'fault', reason: error.reason };
  return {
    kind: 'fault',
    reason: `something went wrong on this phone (${error instanceof Error ? error.message : String(error)}).`,
  };
}

/** The item after a failed attempt, from the copy stored now (never from the sender's older copy). */
export function afterFailure(current: OutboxItem, failure: Failure, now: number): OutboxItem {
  const attempts = current.attempts + 1;
  const { error: _error, httpStatus: _status, needsSignIn: _signIn, ...rest } = current;
  const tried = { ...rest, attempts, lastAttemptAt: now, nextAttemptAt: now + backoff(attempts) } as OutboxItem;
  switch (failure.kind) {
    case 'refused':
      return { ...tried, status: 'failed', error: failure.message, httpStatus: failure.status };
    case 'sign-in':
      return { ...tried, needsSignIn: true };
    case 'offline':
    case 'busy':
    case 'not-theirs':
      return tried;
    case 'fault': {
      const faults = current.faults + 1;
      return faults >= MAX_FAULTS
        ? { ...tried, faults, status: 'failed', error: failure.reason }
        : { ...tried, faults };
    }
  }
}
