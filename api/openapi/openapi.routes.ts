import { toJsonSchema } from '@valibot/to-json-schema';
import type { Hono } from 'hono';
import { openAPIRouteHandler } from 'hono-openapi';
import { ErrorBodySchema } from '../contract/error.schema.ts';
import type { AppEnv } from '../http/app-env.ts';

/** Where the API's OpenAPI 3.1 document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the API as OpenAPI 3.1, generated from the app's own route table on the
 * first request (hono-openapi): every route under /api with its path parameters, and the query,
 * body and form schemas the routes validate with (api/middleware/validate.ts carries each one).
 * Routes that read their body themselves describe it with describeRoute. Refusals use the
 * contract's error body (CONTRACT.md).
 */
export function openApiDocument(app: Hono<AppEnv>, version: string) {
  return openAPIRouteHandler(app, {
    documentation: {
      info: {
        title: 'Efie API',
        version,
        description:
          'The rental marketplace’s HTTP API. Sign in with POST /api/auth/login: the session is a cookie. Errors are `{ error, code, issues? }`; 503 answers carry Retry-After.',
      },
    },
    includeEmptyPaths: true,
    // A path ending in a file name is still a route here (this document's own, /api/openapi.json).
    excludeStaticFile: false,
    // The API only: stored files, sitemaps and the app's pages are not part of it.
    exclude: [/^\/(?!api\/)/],
    defaultValidationErrorResponse: {
      description: 'The input was refused: the issues name the fields.',
      content: { 'application/json': { schema: toJsonSchema(ErrorBodySchema) as object } },
    },
  });
}
