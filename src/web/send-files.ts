/**
 * Sends files as multipart (field `files`) with upload progress, which fetch cannot report, so
 * this uses XMLHttpRequest. Answers come back in the API's one shape, like apiRequest's.
 */
import type { ApiResult, StoreHeaders } from './api-client.ts';

export function sendFiles<T>(path: string, files: readonly File[], options: { fields?: Record<string, string>; store: StoreHeaders; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', options.store.lang);
    xhr.setRequestHeader('x-store-country', options.store.country);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    const failed = (status: number, body: { code?: string; message?: string } | null): ApiResult<T> =>
      ({ ok: false, error: { status, code: body?.code ?? (status ? 'HTTP_ERROR' : 'NETWORK_ERROR'), message: body?.message ?? '' } });
    xhr.onload = () => {
      let body: (T & { code?: string; message?: string }) | null;
      try {
        body = JSON.parse(xhr.responseText) as T & { code?: string; message?: string };
      } catch {
        body = null;
      }
      resolve(xhr.status >= 200 && xhr.status < 300 && body ? { ok: true, data: body } : failed(xhr.status, body));
    };
    xhr.onerror = () => resolve(failed(0, null));
    xhr.onabort = () => resolve(failed(0, null));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    // Fields go before the files, so the server reads them first (and never from a URL, where proxies log them).
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    for (const file of files) form.append('files', file, file.name);
    xhr.send(form);
  });
}
