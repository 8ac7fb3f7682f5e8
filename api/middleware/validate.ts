import { validator } from 'hono/validator';
import * as v from 'valibot';
import { DomainError } from '../../events/store/errors.ts';

type Target = 'json' | 'query' | 'param' | 'form';

/** Turns valibot issues into the contract's `issues` list and a readable first message. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): DomainError {
  const list = issues.map((issue) => ({
    path: issue.path?.map((p) => String(p.key)).join('.') ?? '',
    message: issue.message,
  }));
  return new DomainError('invalid', 'invalid_input', list[0]?.message ?? 'Invalid input', { issues: list });
}

/** Validation middleware per request part: `validate('json', Schema)`, then `c.req.valid('json')`. */
export const validate = <T extends Target, S extends v.GenericSchema>(target: T, schema: S) =>
  validator(target, (value) => {
    const parsed = v.safeParse(schema, value);
    if (!parsed.success) throw invalidInput(parsed.issues);
    return parsed.output as v.InferOutput<S>;
  });
