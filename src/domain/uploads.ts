/** Upload rules (SPEC sections 5 and 9, DESIGN D14), shared by the server, the schema and the forms. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** One request may carry several files, 50 MB in all (issue "Briefs and files"). */
export const UPLOAD_REQUEST_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 20;

/** The accepted types, recognised by their content (never by name), with the extension stored files get. */
export const UPLOAD_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

export function isUploadType(value: unknown): value is UploadType {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_TYPES, value);
}

export const isImageType = (type: string) => type.startsWith('image/');

/** What the file picker offers (the server still checks the content). */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_TYPES).join(',');

/** A size as people read it: Bytes, KB, MB or GB (SPEC section 5), with the locale's digits. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
