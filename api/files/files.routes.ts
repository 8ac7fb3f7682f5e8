import { Hono } from 'hono';
import { Readable } from 'node:stream';
import type { AppEnv } from '../http/app-env.ts';
import { errorBody } from '../http/error-response.ts';
import { isSafeKey, type FileStorage } from './file-storage.ts';

/** Only these folders are public; later issues keep videos elsewhere (never served here). */
const PUBLIC_FOLDERS = ['images/'];

/**
 * GET /files/<key>: stored public files. Names are random and a file never
 * changes once written, so browsers and CDNs may keep it for a year.
 */
export function fileRoutes(files: FileStorage) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/files\//, ''));
    } catch {
      key = '';
    }
    if (!isSafeKey(key) || !PUBLIC_FOLDERS.some((folder) => key.startsWith(folder))) {
      return c.json(errorBody('File not found', 'not_found'), 404);
    }
    const file = await files.get(key);
    if (!file) return c.json(errorBody('File not found', 'not_found'), 404);
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    };
    if (file.size !== undefined) headers['content-length'] = String(file.size);
    return new Response(Readable.toWeb(file.body) as ReadableStream, { status: 200, headers });
  });
}
