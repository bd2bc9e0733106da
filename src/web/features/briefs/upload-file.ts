/**
 * Sends one file to POST /api/uploads with progress. Checks type and size first, so a file the
 * server would refuse is not sent.
 */
import type { Uploaded } from '../../../domain/contract/uploads.ts';
import type { CountryCode, Language } from '../../../domain/countries.ts';
import { REFERENCE_RULES, refusalOf } from '../../../domain/uploads.ts';
import type { FileAnswer as FileView } from '../../../domain/contract/files.ts';
import { sendFiles } from '../../send-files.ts';

/** A file as the API returned it (POST /api/uploads), as much as the brief keeps of it. */
export type UploadedFile = Pick<FileView, 'id' | 'name' | 'size' | 'type' | 'url' | 'previewUrl'>;

type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; message: string };

/** A refusal the browser can tell before sending (the server checks the content again). */
export const precheck = (file: File) => refusalOf(file, REFERENCE_RULES);

export async function uploadFile(file: File, options: { guestId: string | null; store: { lang: Language; country: CountryCode }; onProgress: (fraction: number) => void; signal?: AbortSignal }): Promise<UploadOutcome> {
  const result = await sendFiles<Uploaded>('/api/uploads', [file], {
    // The guest id goes in the body, before the file, so it never sits in a URL (proxy logs).
    fields: options.guestId ? { sessionId: options.guestId } : {},
    store: options.store,
    onProgress: options.onProgress,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const uploaded = result.ok ? result.data.files?.[0] : undefined;
  if (uploaded) return { ok: true, file: { id: uploaded.id, name: uploaded.name, size: uploaded.size, type: uploaded.type, url: uploaded.url, previewUrl: uploaded.previewUrl } };
  return { ok: false, message: result.ok ? '' : result.error.message };
}
