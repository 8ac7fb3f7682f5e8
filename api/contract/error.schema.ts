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
