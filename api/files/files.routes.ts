import { Hono } from 'hono';
import { Readable } from 'node:stream';
import type { AppEnv } from '../http/app-env.ts';
import { errorBody } from '../http/error-response.ts';
import { errorText } from '../logger.ts';
import { isSafeKey, type FileStorage } from './file-storage.ts';

/** Only these folders are public; later issues keep videos elsewhere (never served here). */
const PUBLIC_FOLDERS = ['images/'];

/**
 * GET /files/<key>: stored public files. Names are random and a file never
 * changes once written, so browsers and CDNs may keep it for a year.
 */
export function fileRoutes(
  files: FileStorage,
  /** Makes a file that may be derived from another (a photo's rendition) and answers whether it now is stored. */
  derive: (key: string) => Promise<boolean> = async () => false,
) {
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
    const made = (k: string) =>
      derive(k).catch((error: unknown) => {
        // A photo that cannot be read again stays a 404 for its missing rendition, never a 500.
        c.var.log.warn('file not derived', { key: k, error: errorText(error) });
        return false;
      });
    const file = (await files.get(key)) ?? ((await made(key)) ? await files.get(key) : undefined);
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
