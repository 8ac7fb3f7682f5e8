import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, contentTypeOf, UnsatisfiableRangeError, type FileStorage } from './file-storage.ts';

/** Files under `<root>/<key>`, written to a temporary name and renamed, so a reader never sees half a file. */
export function createLocalDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.part`;
      try {
        const source = body instanceof Uint8Array ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temporary));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      if (!range) return { body: createReadStream(path), contentType: contentTypeOf(key), size: info.size };
      if (range.start >= info.size) throw new UnsatisfiableRangeError(info.size);
      const part = { start: range.start, end: Math.min(range.end, info.size - 1) };
      return { body: createReadStream(path, part), contentType: contentTypeOf(key), size: info.size, range: part };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
