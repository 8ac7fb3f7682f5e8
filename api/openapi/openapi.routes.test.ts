import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { apiRoutes } from '../../testing/api-routes.ts';
import { OPENAPI_PATH } from './openapi.routes.ts';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
type Operation = OpenAPIV3_1.OperationObject;

/** Routes that take no body: each is a command named by its path (approve, log out, retry, ...). */
const BODYLESS = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/resend-email-verification',
  'POST /api/auth/resend-phone-verification',
  'POST /api/admin/properties/:id/approve',
  'POST /api/admin/outbox/:id/retry',
  'POST /api/favorites/:id',
  'POST /api/admin/messages/:id/handled',
  'POST /api/conversations/:id/read',
  'POST /api/properties/:id/confirm-available',
  'POST /api/properties/:id/mark-let',
  'POST /api/properties/:id/relist',
  'PUT /api/conversations/:id/block',
]);

/** `/api/properties/:id` as OpenAPI writes it: `/api/properties/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

describe('GET /api/openapi.json: the published API', () => {
  let app: App;
  let document: OpenAPIV3_1.Document;
  beforeAll(async () => {
    ({ app } = await createTestApp((await createTestDatabase()).db));
    const res = await app.request(OPENAPI_PATH);
    expect(res.status).toBe(200);
    document = (await res.json()) as OpenAPIV3_1.Document;
  });

  it('is OpenAPI 3.1 and holds the API only', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Efie API' });
    expect(Object.keys(document.paths ?? {}).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('has every route of the route table, with its path parameters', () => {
    const routes = apiRoutes(app);
    expect(routes.length).toBeGreaterThan(60);
    for (const { method, path } of routes) {
      const operation = document.paths?.[openApiPath(path)]?.[method.toLowerCase() as 'get'] as Operation | undefined;
      expect(operation, `${method} ${path}`).toBeDefined();
      const declared = (operation!.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      for (const [, name] of path.matchAll(/:(\w+)/g))
        expect(
          declared.some((p) => p.in === 'path' && p.name === name && p.required),
          `${method} ${path}: path parameter ${name}`,
        ).toBe(true);
    }
  });

  it('gives each route the body and query it validates, from the contract’s schemas', () => {
    for (const { method, path, targets } of apiRoutes(app)) {
      const operation = document.paths![openApiPath(path)]![method.toLowerCase() as 'get'] as Operation;
      if (targets.has('json')) {
        const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
        expect(body?.content['application/json']?.schema, `${method} ${path}: JSON body`).toBeDefined();
      }
      if (targets.has('query')) {
        const query = ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).filter((p) => p.in === 'query');
        expect(query.length, `${method} ${path}: query parameters`).toBeGreaterThan(0);
      }
    }
    const search = document.paths!['/api/properties/search']!.get as Operation;
    expect(((search.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['location', 'propertyType', 'minPrice', 'maxPrice', 'page']),
    );
    const register = (document.paths!['/api/auth/register']!.post as Operation)
      .requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(JSON.stringify(register.content['application/json']!.schema)).toContain('"password"');
  });

  it('describes a body for every route that changes something, unless it is a command without one', () => {
    const undescribed = apiRoutes(app)
      .filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method))
      .filter(({ method, path }) => {
        const operation = document.paths![openApiPath(path)]![method.toLowerCase() as 'post'] as Operation;
        return operation.requestBody === undefined;
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(undescribed.sort()).toEqual([...BODYLESS].sort());
  });

  it('answers refused input in the contract’s error format', () => {
    const register = document.paths!['/api/auth/register']!.post as Operation;
    const refused = register.responses?.['400'] as OpenAPIV3_1.ResponseObject;
    expect(JSON.stringify(refused.content?.['application/json']?.schema)).toContain('"code"');
  });
});
