/**
 * Sends files as multipart (field `files`) with upload progress, which fetch cannot report, so
 * this uses XMLHttpRequest. Answers come back in the API's one shape, like apiRequest's.
 */
import { resultOf, type ApiResult, type StoreHeaders } from './api-client.ts';

export function sendFiles<T>(path: string, files: readonly File[], options: { fields?: Record<string, string>; store: StoreHeaders; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const { signal } = options;
    if (signal?.aborted) return resolve(resultOf<T>(0, null));
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = (result: ApiResult<T>) => {
      signal?.removeEventListener('abort', abort);
      resolve(result);
    };
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', options.store.lang);
    xhr.setRequestHeader('x-store-country', options.store.country);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      done(resultOf<T>(xhr.status, body));
    };
    xhr.onerror = () => done(resultOf<T>(0, null));
    xhr.onabort = () => done(resultOf<T>(0, null));
    signal?.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    // Fields go before the files, so the server reads them first (and never from a URL, where proxies log them).
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    for (const file of files) form.append('files', file, file.name);
    xhr.send(form);
  });
}
