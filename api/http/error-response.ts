import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorKind } from '../../events/store/errors.ts';
import { SERVER_ERROR, type ErrorBody } from '../contract/error.schema.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../db/database-faults.ts';
import { isStorageFull } from '../files/storage-faults.ts';
import type { AppEnv } from './app-env.ts';

export type { ErrorBody };

/** A body that is not JSON: the same answer as Hono's validator gives on every other route. */
export const malformedJson = () => new DomainError('invalid', 'bad_request', 'Malformed JSON in request body');

const STATUS: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** The HTTP status the contract gives a domain refusal. */
export const statusOf = (error: DomainError): ContentfulStatusCode => STATUS[error.kind];

export const errorBody = (message: string, code: string, issues?: ErrorBody['issues']): ErrorBody =>
  issues ? { error: message, code, issues } : { error: message, code };

/** The one place where errors become responses in the contract's format. */
export function errorResponse(error: unknown, c: Context<AppEnv>): Response {
  if (error instanceof DomainError) {
    if (error.details.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.details.retryAfterSeconds));
    return c.json(errorBody(error.message, error.code, error.details.issues), statusOf(error));
  }
  if (error instanceof HTTPException) {
    // Hono raises these for malformed bodies and oversized requests.
    const status = error.status as ContentfulStatusCode;
    const code = status === 413 ? 'too_large' : status < 500 ? 'bad_request' : 'server_error';
    return c.json(errorBody(error.message || 'The request could not be read.', code), status);
  }
  if (isStorageFull(error)) {
    c.var.log?.error('storage full', { method: c.req.method, path: c.req.path, error: String(error) });
    return c.json(
      errorBody('There is no room to store this upload right now. Please try again later.', 'storage_full'),
      507,
    );
  }
  if (isDatabaseUnreachable(error)) {
    c.var.log?.warn('database unreachable', { method: c.req.method, path: c.req.path, error: String(error) });
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(
      errorBody('The database is not reachable. Please try again in a moment.', 'database_unreachable'),
      503,
    );
  }
  c.var.log?.error('unhandled error', { error: error instanceof Error ? error.stack : String(error) });
  return c.json(errorBody(SERVER_ERROR.error, SERVER_ERROR.code), 500);
}
