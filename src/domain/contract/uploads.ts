/** Uploads (SPEC section 7, D14): multipart files for briefs, and reading a stored file. */
import { z } from 'zod';
import { DELIVERABLE_PURPOSES } from '../deliverables.ts';
import { GUEST_ID_PATTERN } from '../guest.ts';
import { ORDER_STATUSES } from '../statuses.ts';
import { deliverableQuerySchema } from '../validation/deliverables.ts';
import { guestQuery } from './cart.ts';
import { deliverableSchema, fileSchema } from './files.ts';
import { SIGNED_IN, SIGNED_IN_OR_GUEST, errorAnswers, ok, readByRoute, route, type Answer } from './http.ts';
import { uuidParams } from './params.ts';

/**
 * A multipart body as the document shows it. The route reads it as a stream (each file checked by
 * its first bytes, counted and hashed as it arrives), so Fastify never parses it into an object.
 */
const multipartFiles = (about: string) => readByRoute(z.object({
  sessionId: z.string().regex(GUEST_ID_PATTERN).optional().describe('The guest id, as a field before the files (or in the query).'),
  files: z.array(z.string().meta({ format: 'binary' })).describe(about),
}).describe('multipart/form-data'));

export const upload = route({
  summary: 'Upload reference files for a brief', tags: ['briefs'], security: SIGNED_IN_OR_GUEST,
  description: 'Field `files`, several at once: JPG, PNG, GIF, WebP or MP4, recognised by content, 10 MB each, 50 MB per request, within the day\'s allowance (D14). The answer\'s ids go into the brief\'s `uploadedFiles`.',
  consumes: ['multipart/form-data'],
  querystring: guestQuery,
  body: multipartFiles('JPG, PNG, GIF, WebP or MP4, 10 MB each.'),
  response: { 201: ok({ files: z.array(fileSchema) }), ...errorAnswers(400, 401, 408, 413, 415, 429) },
});

export const readFile = route({
  summary: 'Read an uploaded or delivered file', tags: ['briefs'], security: SIGNED_IN_OR_GUEST,
  description: 'To its uploader, staff, and whoever may read its order\'s files (the owner, the holder of the private link). Anyone else: 404. Images inline, other files as attachments.',
  produces: ['application/octet-stream'],
  params: z.object({ name: z.string().describe('The stored name (a uuid and the extension).') }),
  querystring: z.object({
    preview: z.string().optional().describe('Any value: a WebP thumbnail of an image.'),
    sessionId: z.string().optional().describe('The guest id (also the X-Guest-Id header).'),
    order: z.string().optional().describe("The order's number, with `key`: its private link."),
    key: z.string().optional(),
  }).loose(),
  // The bytes are streamed from storage as they are (no JSON, no serializer).
  response: { 200: readByRoute(z.any().meta({ type: 'string', format: 'binary', description: 'The file.' })), ...errorAnswers(404) },
});

export const deliver = route({
  summary: 'Deliver draft or final files (staff)', tags: ['staff'], security: SIGNED_IN,
  description: 'Multipart like POST /api/uploads, larger and of more types (PDF, ZIP, GLB, MOV too). A draft moves the order to draft_delivered and starts the customer\'s 7 days.',
  consumes: ['multipart/form-data'],
  params: uuidParams,
  querystring: deliverableQuerySchema.describe(`purpose: ${DELIVERABLE_PURPOSES.join(' or ')}`),
  body: multipartFiles('The files to deliver.'),
  response: {
    201: ok({ files: z.array(deliverableSchema), status: z.enum(ORDER_STATUSES), statusChanged: z.boolean(), message: z.string() }),
    ...errorAnswers(400, 401, 403, 404, 408, 409, 413, 415),
  },
});

export type Uploaded = Answer<typeof upload, 201>;
