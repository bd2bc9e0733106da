/** Upload rules (SPEC sections 5 and 9, DESIGN D14), shared by the server, the schema and the forms. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
