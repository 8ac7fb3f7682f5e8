// Build-time: writes a .br and a .gz copy next to every text asset, so that the server can
// send the compressed bytes (serveStatic's `precompressed: true`) without compressing on
// each request. On slow, costly mobile data this is what a phone actually downloads.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'efie-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const source = await readFile(path);
            if (source.length < MIN_BYTES) return;
            await Promise.all([
              writeFile(`${path}.br`, await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
              writeFile(`${path}.gz`, await gz(source, { level: 9 })),
            ]);
          }),
      );
    },
  };
}
