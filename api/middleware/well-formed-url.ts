import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/store/errors.ts';
import { TEXT_FAULT_MESSAGES, textFault } from '../contract/well-formed-text.ts';
import type { AppEnv } from '../http/app-env.ts';
import { textIssues } from './validate.ts';

/**
 * The address's text, checked once for every API route (CONTRACT.md "Text"): many routes read a
 * path parameter or a query value without a schema, and `%00` decodes to a NUL that PostgreSQL
 * refuses. (Percent-decoding cannot make a lone surrogate: a malformed UTF-8 escape stays as
 * typed.) Query values are named by their key; the path as `path`, since no route has matched yet.
 */
export const wellFormedUrl = createMiddleware<AppEnv>(async (c, next) => {
  const pathFault = textFault(c.req.path);
  const issues = [
    ...(pathFault ? [{ path: 'path', message: `The address ${TEXT_FAULT_MESSAGES[pathFault]}` }] : []),
    // A repeated key (`?a=1&a=2`) is named once, by its name, whichever value holds the fault.
    ...(c.req.url.includes('?')
      ? textIssues(Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.join('&')])))
      : []),
  ];
  if (issues.length > 0) throw new DomainError('invalid', 'invalid_input', issues[0]!.message, { issues });
  await next();
});
