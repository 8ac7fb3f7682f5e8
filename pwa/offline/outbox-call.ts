import { ApiError } from '../lib/api-client.ts';
import { sendRequest, type UploadProgress } from './transport.ts';

// One request of an outbox item, with its Idempotency-Key, answered as parsed JSON.

/**
 * Checked before each request of an item: throws (SessionChangedError) when someone signed out
 * or in since the item was started, so no item goes half under one session and half under the next.
 */
export type SessionCheck = () => Promise<void>;

/** One request; a non-2xx answer is thrown as an ApiError, no answer as a transport error. */
export async function call<T>(
  session: SessionCheck,
  method: string,
  url: string,
  key: string,
  body?: unknown,
  onUpload?: UploadProgress,
): Promise<T> {
  await session();
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': key };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await sendRequest(
    { method, url, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    onUpload,
  );
  let parsed: unknown = null;
  try {
    parsed = answer.text ? JSON.parse(answer.text) : null;
  } catch {
    parsed = null;
  }
  if (answer.status < 200 || answer.status >= 300)
    throw new ApiError(
      answer.status,
      answer.text || answer.statusText,
      parsed && typeof parsed === 'object' ? parsed : null,
    );
  return parsed as T;
}
