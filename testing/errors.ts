import * as v from 'valibot';
import { expect } from 'vitest';
import { ErrorBodySchema, type ErrorBody } from '../api/contract/error.schema.ts';

/** Asserts an error answer in the contract's format (JSON `{error, code}`) with this status and code. */
export async function expectError(res: Response, status: number, code: string): Promise<ErrorBody> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = v.parse(ErrorBodySchema, JSON.parse(text));
  expect(body.code, text).toBe(code);
  return body;
}
