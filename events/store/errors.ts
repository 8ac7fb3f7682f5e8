/** What kind of refusal a domain error is; the HTTP layer maps kinds to status codes in one place. */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  /** A needed part is busy or down: 503 with Retry-After (a queue past its deadline). */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details: { issues?: { path: string; message: string }[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The stream is not at the version the writer expected. */
export class ConcurrencyError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number,
  ) {
    super(
      'conflict',
      'version_conflict',
      `This record was changed by someone else (expected version ${expected}, found ${actual}). Reload and try again.`,
    );
  }
}

/** An idempotency key was reused for a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor(readonly key: string) {
    super('conflict', 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
  }
}

/**
 * The unique constraint or index a statement broke (SQLSTATE 23505), by its name from
 * PostgreSQL's error fields: postgres.js gives it as `constraint_name`, PGlite as `constraint`.
 * Undefined for any other error. A lost race on a read model's unique index is told by this
 * name, never by the message's words (which change with the server's language).
 */
export function brokenUniqueConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
  if (fields.code !== '23505') return undefined;
  const name = fields.constraint_name ?? fields.constraint;
  return typeof name === 'string' ? name : undefined;
}
