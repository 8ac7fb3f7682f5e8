import { validator } from 'hono/validator';
import { resolver, uniqueSymbol } from 'hono-openapi';
import * as v from 'valibot';
import { DomainError } from '../../events/store/errors.ts';
import { TEXT_FAULT_MESSAGES, textFault } from '../contract/well-formed-text.ts';

type Target = 'json' | 'query' | 'param' | 'form';
type Issue = { path: string; message: string };

const invalid = (list: readonly Issue[]) =>
  new DomainError('invalid', 'invalid_input', list[0]?.message ?? 'Invalid input', { issues: [...list] });

/** Turns valibot issues into the contract's `issues` list and a readable first message. */
export function invalidInput(issues: readonly v.BaseIssue<unknown>[]): DomainError {
  return invalid(
    issues.map((issue) => ({ path: issue.path?.map((p) => String(p.key)).join('.') ?? '', message: issue.message })),
  );
}

// A name that itself holds a fault is shown with the fault escaped, so the answer is text too.
const shown = (key: string) => (textFault(key) ? JSON.stringify(key).slice(1, -1) : key);

/**
 * Every string in a request's input, keys included, that PostgreSQL would refuse (CONTRACT.md
 * "Text"), named by its path as valibot names issues (`views.0.pageUrl`). The raw input is
 * walked, before any schema: a field the schema ignores or transforms is checked all the same.
 */
export function textIssues(value: unknown, path = ''): Issue[] {
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? [{ path, message: `${path || 'The request'} ${TEXT_FAULT_MESSAGES[fault]}` }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => textIssues(item, at(String(index))));
  if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    return Object.entries(value).flatMap(([key, item]) => {
      const fault = textFault(key);
      const own = fault
        ? [{ path: at(shown(key)), message: `The field name ${shown(key)} ${TEXT_FAULT_MESSAGES[fault]}` }]
        : [];
      return [...own, ...textIssues(item, at(shown(key)))];
    });
  }
  return [];
}

/** No request of the contract nests deeper than a few levels; the walks below recurse once a level. */
export const MAX_INPUT_DEPTH = 32;

/** Whether a parsed input nests objects and arrays deeper than `limit`: iterative, so any depth is safe to ask. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null || item instanceof Blob) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The one door for a request's input: its depth and text are checked, then the schema applied; a
 * refusal is a 400 in the contract's format naming the fields. Routes that read their body
 * themselves (the beacon, the photo upload) call this; the others go through `validate`.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  if (nestedDeeperThan(value, MAX_INPUT_DEPTH))
    throw invalid([{ path: '', message: `The request nests deeper than ${MAX_INPUT_DEPTH} levels.` }]);
  const faults = textIssues(value);
  if (faults.length > 0) throw invalid(faults);
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw invalidInput(parsed.issues);
  return parsed.output;
}

/**
 * Validation middleware per request part: `validate('json', Schema)`, then `c.req.valid('json')`.
 * It carries its schema for the published API document too (hono-openapi's marker, read by
 * api/openapi/openapi-document.ts): the document's parameters and bodies are these schemas.
 */
export const validate = <T extends Target, S extends v.GenericSchema>(target: T, schema: S) =>
  Object.assign(
    validator(target, (value) => parseInput(schema, value) as v.InferOutput<S>),
    { [uniqueSymbol]: { target, ...resolver(schema) } },
  );
