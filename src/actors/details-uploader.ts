/**
 * One image upload (POST /user/me/upload-file/{kind}, multipart field `upload`) with progress. openapi-fetch
 * cannot report upload progress, so this uses XMLHttpRequest, with the client's own URL, headers and error
 * catalogue (src/api/client.ts `Transport`): the worker is told about a failure exactly as for any other call
 * (a refused type or size shows the server's message), the caller gets the same ApiRequestError, and a retry
 * carries the same Idempotency-Key as any other call (src/api/retry-keys.ts).
 */
import type { Transport } from '../api/client.ts';
import { classifyHttpFailure, networkFailure } from '../api/errors.ts';
import type { UploadKind } from '../../machines/details-wizard.types.ts';

export type UploadOptions = {
  /** Called with 0–1 as the bytes leave. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Injectable for tests. */
  createXhr?: () => XMLHttpRequest;
};

export function uploadImage(transport: Transport, kind: UploadKind, file: Blob & { name?: string }, options: UploadOptions = {}): Promise<void> {
  const { onProgress, signal, createXhr = () => new XMLHttpRequest() } = options;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const xhr = createXhr();
    const url = transport.url(`/user/me/upload-file/${kind}`);
    // The same prepared image sent again after a lost answer is the same intent: it carries the same key.
    const retry = transport.retryKey({ call: `POST ${url}`, body: file });
    xhr.open('POST', url);
    for (const [name, value] of Object.entries({ ...transport.headers(), ...retry.headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        retry.succeeded();
        onProgress?.(1);
        resolve();
        return;
      }
      reject(transport.report(classifyHttpFailure({ status: xhr.status, statusText: xhr.statusText, bodyText: xhr.responseText ?? '', download: false })));
    };
    xhr.onerror = () => reject(transport.report(networkFailure(new Error('upload failed'), false, globalThis.navigator?.onLine === false)));
    // A cancelled upload (the worker left) is not a failure to report.
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('upload', file, file.name ?? 'image');
    xhr.send(body);
  });
}
