import { SignOutPendingError } from './session-change.ts';
import { NoConnectionError } from './transport.ts';

/**
 * The request got no answer at all: offline, the connection dropped, or it was aborted or
 * timed out. The server may or may not have acted; a retry with the same Idempotency-Key is
 * safe. A server's answer, even a 5xx, is not this. Nor was anything sent while a sign-out
 * waits to reach the server (kept to send, like a request with no connection).
 */
export const isNoAnswer = (error: unknown): boolean =>
  error instanceof TypeError ||
  error instanceof SignOutPendingError ||
  error instanceof NoConnectionError ||
  (error instanceof DOMException && ['AbortError', 'TimeoutError', 'NetworkError'].includes(error.name));
