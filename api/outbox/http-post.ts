import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export type HttpAnswer = { status: number; body: string };

/**
 * A POST that failed without an answer. `requestSent` tells whether the whole
 * request had left this machine: before that the server cannot have acted on
 * it (safe to send again); after it, it may have.
 */
export class HttpPostError extends Error {
  constructor(
    message: string,
    readonly requestSent: boolean,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'HttpPostError';
  }
}

const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a body and reads the answer (at most 64 KB), all within `timeoutMs`
 * (AbortSignal.timeout). node:http rather than fetch because fetch cannot say
 * whether a request was out when it timed out.
 */
export function httpPost(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let requestSent = false;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) =>
          reject(new HttpPostError(`the answer broke off: ${error.message}`, true, signal.aborted)),
        );
      },
    );
    req.on('finish', () => (requestSent = true));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : (error.code ?? error.message);
      reject(new HttpPostError(reason, requestSent, signal.aborted));
    });
    req.end(body);
  });
}
