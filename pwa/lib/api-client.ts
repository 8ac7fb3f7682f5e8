import { SignOutPendingError } from '../offline/session-change.ts';
import { endPendingSignOut } from '../offline/session-store.ts';

// One way to talk to the API: cookies always, JSON in and out, and every non-OK answer
// raised as `${status}: ${body text}` (spec part 1 §7) with the parsed contract body kept.

export type ApiIssue = { path: string; message: string };
export type ApiErrorBody = { error?: string; code?: string; issues?: ApiIssue[]; message?: string };

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** How long the server asked to wait (a 429's or 503's Retry-After, in seconds), or null. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, text: string, body: ApiErrorBody | null, retryAfterSeconds: number | null = null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The wait a refusal asked for (429 with Retry-After), in seconds, or null when it asked for none. */
export const waitAsked = (error: unknown): number | null =>
  error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : null;

type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Fixed by the caller when the person submits, and reused if that same submission is sent again. */
  idempotencyKey?: string | undefined;
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How a request reaches the API: the browser's fetch, or the server's own app when it renders a first paint. */
type Send = (url: string, init: RequestInit) => Promise<Response>;
let serverSend: Send | null = null;

/**
 * The server's first paint (pwa/ssr/render-page.tsx) asks its own API in-process, as a visitor:
 * no cookie, and no device whose pending sign-out must go first.
 */
export const sendThroughServer = (send: Send) => {
  serverSend = send;
};

/** A new Idempotency-Key (contract: at most 200 characters). */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export async function apiRequest<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // Every write carries a key (issue 20): a request sent again after a lost answer is answered
  // from the server's record instead of being applied twice or refused as a conflict.
  const key = WRITES.has(method) ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    init.body = isForm ? (options.body as FormData) : JSON.stringify(options.body);
    if (!isForm) init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  if (serverSend) return answerOf<T>(await serverSend(url, init));
  // A sign-out that has not reached the server yet goes first, and until it has, nothing is sent
  // with that person's cookie (a shared phone): this throws SignOutPendingError instead.
  await endPendingSignOut();
  return answerOf<T>(await fetch(url, init));
}

async function answerOf<T>(res: Response): Promise<T> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, text, parseErrorBody(text), retryAfterOf(res.headers.get('Retry-After')));
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, { signal });

/** The contract's error body in a failed answer's text, or null when it is not one. */
export function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/** Retry-After in seconds (the API sends seconds, never a date), or null when absent or unreadable. */
function retryAfterOf(header: string | null): number | null {
  if (header === null || !/^\d{1,9}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The text a person should read for a failed call: the server's `error`, else the fallback. */
/**
 * How the server's English error texts are shown: as written, unless the app sets the active language's
 * translation (pwa/main.tsx sets i18n's translateText; the service worker, which shows none, does not).
 */
let translate = (text: string, _code?: string) => text;
export const translateErrorsWith = (translator: (text: string, code?: string) => string) => {
  translate = translator;
};

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const text = error.body?.error ?? error.body?.message;
    return text ? translate(text, error.body?.code) : fallback;
  }
  if (error instanceof SignOutPendingError) return error.message;
  return fallback;
}

export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** Builds `path?query` from the defined, non-empty values only. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
