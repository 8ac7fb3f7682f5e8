import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertSafeKey, UnsatisfiableRangeError, type FileStorage } from './file-storage.ts';

export type S3StorageConfig = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** S3 parts must be at least 5 MiB (but the last). */
const PART_SIZE = 8 * 1024 * 1024;

/** Files as objects of one bucket, keyed like the local adapter. */
export function createS3Storage(config: S3StorageConfig): FileStorage & { client: S3Client } {
  const options: S3ClientConfig = { region: config.region, forcePathStyle: config.forcePathStyle };
  if (config.endpoint) options.endpoint = config.endpoint;
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  const client = new S3Client(options);
  const Bucket = config.bucket;

  /** A stream of unknown length goes up in parts, so at most one part is held in memory. */
  async function putStream(Key: string, body: Readable, ContentType: string) {
    let buffered: Buffer[] = [];
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const flush = async () => {
      const chunk = Buffer.concat(buffered);
      buffered = [];
      size = 0;
      if (!uploadId) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
        uploadId = created.UploadId!;
      }
      const PartNumber = parts.length + 1;
      const out = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: chunk }),
      );
      parts.push({ ETag: out.ETag!, PartNumber });
    };
    try {
      for await (const piece of body) {
        const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
        buffered.push(bytes);
        size += bytes.length;
        if (size >= PART_SIZE) await flush();
      }
      if (!uploadId) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(buffered), ContentType }));
        return;
      }
      if (size > 0) await flush();
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      if (uploadId)
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {});
      throw error;
    }
  }

  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      if (body instanceof Uint8Array) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
      } else {
        await putStream(key, body, contentType);
      }
    },
    async get(key, range) {
      assertSafeKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!out.Body) return undefined;
        const contentType = out.ContentType ?? 'application/octet-stream';
        if (!range) return { body: out.Body as Readable, contentType, size: out.ContentLength };
        // "bytes 0-99/1234": the part sent and the whole object's length.
        const sent = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(out.ContentRange ?? '');
        if (!sent) throw new Error(`S3 answered a range request without a usable Content-Range: ${out.ContentRange}`);
        const size = sent[3] === '*' ? undefined : Number(sent[3]);
        return {
          body: out.Body as Readable,
          contentType,
          size,
          range: { start: Number(sent[1]), end: Number(sent[2]) },
        };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
        if (
          name === 'InvalidRange' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416
        ) {
          throw new UnsatisfiableRangeError(undefined);
        }
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
