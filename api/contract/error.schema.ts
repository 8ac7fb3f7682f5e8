import * as v from 'valibot';

/**
 * Every error the API answers (CONTRACT.md "Conventions"): a message a person
 * can read and a snake_case code, plus `issues` for invalid input. The PWA and
 * the browser tests check their fixtures against this schema.
 */
export const ErrorBodySchema = v.strictObject({
  error: v.pipe(v.string(), v.nonEmpty()),
  code: v.pipe(v.string(), v.regex(/^[a-z]+(_[a-z]+)*$/, 'code must be snake_case')),
  issues: v.optional(v.array(v.strictObject({ path: v.string(), message: v.string() }))),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** What every call that needs a signed-in caller answers (401) to one who is not. */
export const NOT_SIGNED_IN = { error: 'Not signed in', code: 'unauthorized' } as const satisfies ErrorBody;

/** What a 500 answers: nothing of the failure reaches the caller. */
export const SERVER_ERROR = {
  error: 'Something went wrong on our side. Please try again.',
  code: 'server_error',
} as const satisfies ErrorBody;
