import * as v from 'valibot';

export type FieldErrors = Partial<Record<string, string>>;

/** Runs a valibot schema and keeps the first message per top-level field. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; data: v.InferOutput<S>; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, data: result.output, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '_form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
