/**
 * Sends one file to POST /api/uploads with progress (fetch cannot report upload progress, so this
 * uses XMLHttpRequest). Checks type and size first, so a file the server would refuse is not sent.
 */
import type { CountryCode, Language } from '../../../domain/countries.ts';
import { UPLOAD_MAX_BYTES, isUploadType } from '../../../domain/uploads.ts';
import type { FileView } from '../../../server/features/uploads/file-view.ts';

/** A file as the API returned it (POST /api/uploads), as much as the brief keeps of it. */
export type UploadedFile = Pick<FileView, 'id' | 'name' | 'size' | 'type' | 'url' | 'previewUrl'>;

export type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; message: string };

/** A refusal the browser can tell before sending: 'tooLarge' or 'wrongType' (the server checks the content again). */
export function precheck(file: File): 'tooLarge' | 'wrongType' | null {
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  // Some systems report no type for valid files; the server then decides from the content.
  if (file.type && !isUploadType(file.type === 'image/jpg' ? 'image/jpeg' : file.type)) return 'wrongType';
  return null;
}

export function uploadFile(file: File, options: { guestId: string | null; store: { lang: Language; country: CountryCode }; onProgress: (fraction: number) => void; signal?: AbortSignal }): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', options.store.lang);
    xhr.setRequestHeader('x-store-country', options.store.country);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { files?: UploadedFile[]; message?: string } | null;
      try {
        body = JSON.parse(xhr.responseText) as { files?: UploadedFile[]; message?: string };
      } catch {
        body = null;
      }
      const uploaded = body?.files?.[0];
      if (xhr.status === 201 && uploaded) resolve({ ok: true, file: { id: uploaded.id, name: uploaded.name, size: uploaded.size, type: uploaded.type, url: uploaded.url, previewUrl: uploaded.previewUrl } });
      else resolve({ ok: false, message: body?.message ?? '' });
    };
    xhr.onerror = () => resolve({ ok: false, message: '' });
    xhr.onabort = () => resolve({ ok: false, message: '' });
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    // The guest id goes in the body, before the file, so it never sits in a URL (proxy logs).
    if (options.guestId) form.append('sessionId', options.guestId);
    form.append('files', file, file.name);
    xhr.send(form);
  });
}
