import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerVerifiedUser } from '../../testing/accounts.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { ErrorBodySchema } from '../contract/error.schema.ts';
import { OPENAPI_PATH } from './openapi.routes.ts';

// Hostile input on every route of the published API (issue 32): requests made from
// /api/openapi.json by fast-check, as a visitor, a host and an admin, with malformed and deeply
// nested JSON, wrong types, huge and empty strings, NUL, lone surrogates and control characters,
// prototype-pollution keys, numbers at every edge, bad ids and traversal in path segments. Every
// answer is below 500; every refusal is in the contract's error format and appends no event.

/** How many requests the property sends in all (FUZZ_REQUESTS overrides: more for a long hunt). */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);

/** Routes left out: the dev outbox is for local work only, and logging out would end the callers' sessions. */
const LEFT_OUT = new Set(['GET /api/dev/outbox', 'POST /api/auth/logout']);

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  query: string[];
  bodyFields: string[];
  takesBody: boolean;
};

function operationsOf(document: OpenAPIV3_1.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation || LEFT_OUT.has(`${method.toUpperCase()} ${path}`)) continue;
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const schema = (body?.content['application/json'] ?? Object.values(body?.content ?? {})[0])?.schema as
        | { properties?: Record<string, unknown>; oneOf?: { properties?: Record<string, unknown> }[] }
        | undefined;
      const fields = new Set([
        ...Object.keys(schema?.properties ?? {}),
        ...(schema?.oneOf ?? []).flatMap((one) => Object.keys(one.properties ?? {})),
      ]);
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: [...fields],
        takesBody: method !== 'get' && method !== 'delete',
      });
    }
  }
  return operations;
}

// --- hostile values -------------------------------------------------------------------------

const NASTY_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'a/../../b',
  '%2e%2e%2f%2e%2e%2f',
  'x\u0000y',
  '\u0000',
  '\ud800',
  'a\udfffb',
  '\u202e\u200b\ufeff',
  '\u0007\u001b[31m',
  'line\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '😀'.repeat(300),
  'x'.repeat(10_000),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, 5e-324, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const scalar = fc.oneof(text, edgeNumber, fc.boolean(), fc.constant(null));

const key = (known: string[]) =>
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', ...(known.length > 0 ? known : ['id'])),
    fc.string({ maxLength: 12 }),
  );

const jsonValue = (known: string[]) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key(known), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

/** A body as text: shaped like the route's own (its fields with hostile values), or anything else. */
const bodyText = (fields: string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(Object.fromEntries(fields.map((f) => [f, jsonValue(fields)])), { requiredKeys: [] })
        .map((shaped) => JSON.stringify(shaped)),
    },
    { weight: 2, arbitrary: jsonValue(fields).map((value) => JSON.stringify(value) ?? 'null') },
    // Prototype pollution: __proto__ as an own key of the parsed object.
    {
      weight: 1,
      arbitrary: fc.constant('{"__proto__":{"isAdmin":true,"polluted":1},"constructor":{"prototype":{"x":1}}}'),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '\u0000',
        '{"a":1}garbage',
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
        JSON.stringify({ big: 'x'.repeat(1_100_000) }),
      ),
    },
  );

/** One path segment as a client would send it: percent-encoded bytes, lone surrogates as WTF-8. */
function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += /[A-Za-z0-9_.~-]/.test(char) ? char : encodeURIComponent(char);
  }
  return out;
}

describe('hostile input on every route of the published API', () => {
  let test: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  let deps: Awaited<ReturnType<typeof createTestApp>>['deps'];
  let operations: Operation[];
  const callers: Record<'visitor' | 'host' | 'admin', ReturnType<typeof createClient>> = {} as never;
  const realIds: string[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    ({ app, deps } = await createTestApp(test.db));
    callers.visitor = createClient(app);
    callers.host = createClient(app);
    callers.admin = createClient(app);
    const host = await registerVerifiedUser(app, callers.host, { userType: 'owner' });
    await createAdmin({ deps }, callers.admin);
    const listing = await createListing(callers.host);
    await approveListing(callers.admin, listing.id);
    realIds.push(listing.id, host.user.id);
    const res = await app.request(OPENAPI_PATH);
    operations = operationsOf((await res.json()) as OpenAPIV3_1.Document);
  }, 120_000);
  afterAll(async () => {
    await test.drop();
  });

  const eventCount = async () => (await deps.db.query<{ n: number }>('select count(*)::int as n from events'))[0]!.n;

  it(`answers ${REQUESTS.toLocaleString('en')} hostile requests below 500, refusals in the contract's format and changing nothing`, async () => {
    expect(operations.length).toBeGreaterThan(60);
    let sent = 0;
    const statuses = new Map<number, number>();
    const request = fc.record({
      operation: fc.constantFrom(...operations),
      caller: fc.constantFrom('visitor' as const, 'host' as const, 'admin' as const),
      segment: fc.oneof(fc.constantFrom(...realIds), text),
      queryValues: fc.array(text, { minLength: 1, maxLength: 3 }),
      repeatQuery: fc.boolean(),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        '',
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        request,
        fc.context(),
        fc.gen(),
        async ({ operation, caller, segment, queryValues, repeatQuery, contentType }, ctx, gen) => {
          const path = operation.path.replace(/\{(\w+)\}/g, () => encodeSegment(segment));
          const query = new URLSearchParams();
          for (const [i, name] of operation.query.entries()) {
            const value = queryValues[i % queryValues.length]!;
            query.append(name, value.replace(/[\ud800-\udfff]/g, '\ufffd'));
            if (repeatQuery) query.append(name, '1');
          }
          const body = operation.takesBody ? gen(bodyText, operation.bodyFields) : undefined;
          const url = query.size > 0 ? `${path}?${query}` : path;
          const before = await eventCount();
          const res = await callers[caller].request(url, {
            method: operation.method,
            ...(body !== undefined ? { body } : {}),
            headers: { ...(contentType && body !== undefined ? { 'content-type': contentType } : {}) },
          });
          const answer = await res.text();
          sent += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          ctx.log(
            `${operation.method} ${url.slice(0, 200)} as ${caller} with ${JSON.stringify(body?.slice(0, 300))}: ${res.status} ${answer.slice(0, 300)}`,
          );
          expect(res.status, `${operation.method} ${operation.path}: ${answer.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.headers.get('content-type'), `${operation.method} ${operation.path}`).toContain(
              'application/json',
            );
            const parsed = v.safeParse(ErrorBodySchema, JSON.parse(answer));
            expect(parsed.success, `${operation.method} ${operation.path}: ${answer.slice(0, 300)}`).toBe(true);
            expect(await eventCount(), `${operation.method} ${operation.path} refused, yet appended`).toBe(before);
          }
        },
      ),
      { numRuns: REQUESTS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    console.log(
      `hostile input: ${sent} requests over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
  }, 900_000);
});
