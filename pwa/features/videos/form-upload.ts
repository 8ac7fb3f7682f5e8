import { ApiError, newIdempotencyKey, parseErrorBody } from '../../lib/api-client.ts';

/**
 * POST of a multipart form with upload progress, which fetch cannot report: XMLHttpRequest,
 * with the same rules as lib/api-client (cookies, an Idempotency-Key, failures as ApiError).
 */
export function postFormWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', newIdempotencyKey());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          reject(new ApiError(xhr.status, text, null));
        }
        return;
      }
      reject(new ApiError(xhr.status, text || xhr.statusText, parseErrorBody(text)));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
