/** Upload rules (SPEC sections 5 and 9, DESIGN D14), shared by the server, the schema and the forms. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** One request may carry several files, 50 MB in all (issue "Briefs and files"). */
const UPLOAD_REQUEST_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 20;

/** The accepted types, recognised by their content (never by name), with the extension stored files get. */
const UPLOAD_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
} as const;

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

/**
 * What staff may deliver (issue 9): the reference types plus archives, PDFs and 3D models, larger
 * (videos and source files), still recognised by their content.
 */
export const DELIVERABLE_TYPES = {
  ...UPLOAD_TYPES,
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'model/gltf-binary': 'glb',
} as const;
export const DELIVERABLE_MAX_BYTES = 200 * 1024 * 1024;
export const DELIVERABLE_ACCEPT = Object.keys(DELIVERABLE_TYPES).join(',');

/** The limits one upload request is held to. */
export interface UploadRules {
  types: Readonly<Record<string, string>>;
  maxFileBytes: number;
  maxRequestBytes: number;
  maxFiles: number;
  /** How long the whole request may take: a client that trickles its bytes must not hold a connection for ever. */
  maxDurationMs: number;
}
export const REFERENCE_RULES: UploadRules = { types: UPLOAD_TYPES, maxFileBytes: UPLOAD_MAX_BYTES, maxRequestBytes: UPLOAD_REQUEST_MAX_BYTES, maxFiles: UPLOAD_MAX_FILES, maxDurationMs: 2 * 60_000 };
/** Staff send larger files, often from a studio's slower uplink: more time. */
export const DELIVERABLE_RULES: UploadRules = { types: DELIVERABLE_TYPES, maxFileBytes: DELIVERABLE_MAX_BYTES, maxRequestBytes: 500 * 1024 * 1024, maxFiles: 20, maxDurationMs: 10 * 60_000 };

/**
 * How long an upload may go without receiving a byte before it is cut off (408); UPLOAD_IDLE_TIMEOUT_MS
 * overrides it. A browser on a poor connection still sends something every few seconds.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;

const MB = 1024 * 1024;
/**
 * Bytes a day that customers' uploads may add (issue "Hardening, round three", item 4), per owner
 * and per address, so that neither an invented guest id nor a fresh account per request can fill
 * the storage. Staff deliverables are not counted.
 */
export const UPLOAD_DAILY_BYTES = {
  /** A guest id costs nothing to invent: the smallest allowance. */
  guest: 200 * MB,
  user: 1024 * MB,
  /** One address, whatever guest ids or accounts it uses. */
  ip: 1024 * MB,
} as const;
export type UploadQuotaKind = keyof typeof UPLOAD_DAILY_BYTES;
export const UPLOAD_QUOTA_WINDOW_SECONDS = 24 * 60 * 60;

/** Files no brief or order claimed within this time are deleted (a brief is written right after its files are uploaded). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What the browser can tell before sending a file: over the size, or of a type not accepted. The
 * server checks the content again; some systems report no type for valid files, so none passes.
 */
export function refusalOf(file: { size: number; type: string }, rules: UploadRules): 'tooLarge' | 'wrongType' | null {
  if (file.size > rules.maxFileBytes) return 'tooLarge';
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if (type && !Object.hasOwn(rules.types, type)) return 'wrongType';
  return null;
}
