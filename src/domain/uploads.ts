/** Upload rules (SPEC sections 5 and 9, DESIGN D14), shared by the server, the schema and the forms. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_REQUEST_BYTES = 50 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
