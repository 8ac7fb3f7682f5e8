import busboy from 'busboy';
import type { Context } from 'hono';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { DomainError } from '../../events/store/errors.ts';
import { textIssues } from '../middleware/validate.ts';
import type { AppEnv } from './app-env.ts';
import { requestHeader } from './node-exchange.ts';

/** One file of a multipart body, as it streams in: read it to its end or destroy it. */
export type StreamedFile = { fileName: string; mimeType: string; stream: Readable };

const unreadable = () => new DomainError('invalid', 'invalid_input', 'The upload could not be read.');

/**
 * Reads a multipart/form-data body without holding a file in memory (busboy):
 * text fields are collected, and each file of `fileFields` is handed to
 * `onFile` in turn with the fields that came before it (so a form must send
 * its fields first). Files of other fields are skipped. The first error
 * (onFile's, or a body busboy cannot read) stops reading at once and is
 * thrown; the body limit (api/http/body-limit.ts) drops what is left.
 */
export async function readStreamedMultipart(
  c: Context<AppEnv>,
  {
    fileFields,
    maxFiles,
    onFile,
  }: {
    fileFields: readonly string[];
    maxFiles: number;
    onFile: (file: StreamedFile, fieldsSoFar: Readonly<Record<string, string>>) => Promise<void>;
  },
): Promise<{ fields: Record<string, string>; files: number }> {
  const contentType = requestHeader(c, 'content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    throw new DomainError(
      'unsupported_media',
      'unsupported_media_type',
      `Send multipart/form-data with the file in field "${fileFields.join('" or "')}".`,
    );
  }
  const body = c.req.raw.body;
  if (!body) throw unreadable();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: maxFiles, fields: 20, fieldSize: 4096, parts: maxFiles + 40 },
    });
  } catch {
    throw unreadable();
  }
  const source = Readable.fromWeb(body as NodeWebStream<Uint8Array>);
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let files = 0;
    let queue: Promise<void> = Promise.resolve();
    let failure: unknown;
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        return fail(new DomainError('invalid', 'invalid_input', `The field "${name}" is too long.`));
      // Busboy decodes UTF-8 (a malformed byte becomes U+FFFD) but keeps a NUL, which PostgreSQL refuses.
      const issues = textIssues({ [name]: value });
      if (issues.length > 0) return fail(new DomainError('invalid', 'invalid_input', issues[0]!.message, { issues }));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (failure !== undefined || !fileFields.includes(name)) return void stream.resume();
      files += 1;
      const before = { ...fields };
      queue = queue
        .then(() =>
          failure === undefined
            ? onFile({ fileName: info.filename ?? '', mimeType: info.mimeType, stream }, before)
            : void stream.resume(),
        )
        .catch((error: unknown) => {
          stream.resume();
          fail(error);
        });
    });
    parser.on('filesLimit', () =>
      fail(
        new DomainError(
          'invalid',
          'too_many_files',
          `At most ${maxFiles} file${maxFiles === 1 ? '' : 's'} per upload.`,
        ),
      ),
    );
    parser.on('partsLimit', () => fail(unreadable()));
    parser.on('fieldsLimit', () => fail(unreadable()));
    parser.on('error', () => fail(unreadable()));
    parser.on('close', () => void queue.then(() => failure === undefined && resolve({ fields, files })));
    source.on('error', (error) => fail(error instanceof DomainError ? error : unreadable()));
    source.pipe(parser);
  });
}
