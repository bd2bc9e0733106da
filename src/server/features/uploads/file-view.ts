import { isImageType } from '../../../domain/uploads.ts';
import type { UploadedFileRow } from './upload-batch.ts';

/** A file as the API and the pages show it (SPEC section 7: id, name, size, type, url). */
export interface FileView {
  id: string;
  name: string;
  size: number;
  type: string;
  url: string;
  /** A resized preview, for images. */
  previewUrl: string | null;
  sha256: string;
  createdAt: string;
}

/** `access` is appended to the URLs (e.g. the order's private link) for readers without a session. */
export function fileView(file: UploadedFileRow, access = ''): FileView {
  const url = `/uploads/${file.storedName}`;
  const query = access ? `?${access}` : '';
  return {
    id: file.id,
    name: file.originalName,
    size: file.sizeBytes,
    type: file.mimeType,
    url: `${url}${query}`,
    previewUrl: isImageType(file.mimeType) ? `${url}${query ? `${query}&` : '?'}preview=1` : null,
    sha256: file.sha256,
    createdAt: file.createdAt.toISOString(),
  };
}
