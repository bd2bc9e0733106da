import type { FileAnswer } from '../../../domain/contract/files.ts';
import { isImageType } from '../../../domain/uploads.ts';
import type { UploadedFileRow } from './upload-batch.ts';

/** A file as the API and the pages show it: the contract's (src/domain/contract/files.ts). */
export type FileView = FileAnswer;

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
