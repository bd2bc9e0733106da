/** Uploads (SPEC section 7, D14): multipart files for briefs, and reading a stored file. */
import { z } from 'zod';
import { DELIVERABLE_PURPOSES } from '../deliverables.ts';
import { DELIVERABLE_TYPES } from '../uploads.ts';
import { ORDER_KEY_PATTERN, ORDER_NUMBER_PATTERN } from '../orders.ts';
import { ORDER_STATUSES } from '../statuses.ts';
import { deliverableQuerySchema } from '../validation/deliverables.ts';
import { guestIdField } from '../validation/orders.ts';
import { guestQuery } from './cart.ts';
import { deliverableSchema, fileSchema } from './files.ts';
import { SIGNED_IN, SIGNED_IN_OR_GUEST, errorAnswers, ok, readByRoute, route, type Answer } from './http.ts';
import { uuidParams } from './params.ts';

/**
 * A multipart body as the document shows it. The route reads it as a stream (each file checked by
 * its first bytes, counted and hashed as it arrives), so Fastify never parses it into an object.
 */
const multipartFiles = (about: string) => readByRoute(z.object({
  sessionId: guestIdField().describe('The guest id, as a field before the files (or in the query).'),
  files: z.array(z.string().meta({ format: 'binary' })).optional().describe(about),
  file: z.string().meta({ format: 'binary' }).optional().describe('A file under the name `file`, as some clients send one: read like `files`. At least one file, under either name.'),
}).describe('multipart/form-data'));

export const upload = route({
  operationId: 'upload',
  summary: 'Upload reference files for a brief', tags: ['briefs'], security: SIGNED_IN_OR_GUEST,
  description: 'Field `files`, several at once: JPG, PNG, GIF, WebP or MP4, recognised by content, 10 MB each, 50 MB per request, within the day\'s allowance (D14). The answer\'s ids go into the brief\'s `uploadedFiles`.',
  consumes: ['multipart/form-data'],
  querystring: guestQuery,
  body: multipartFiles('JPG, PNG, GIF, WebP or MP4, 10 MB each.'),
  response: { 201: ok({ files: z.array(fileSchema) }), ...errorAnswers(400, 401, 408, 413, 415, 429) },
});

export const readFile = route({
  operationId: 'readFile',
  summary: 'Read an uploaded or delivered file', tags: ['briefs'], security: SIGNED_IN_OR_GUEST,
  description: 'To its uploader, staff, and whoever may read its order\'s files (the owner, the holder of the private link). Anyone else: 404. Images inline, other files as attachments.',
  // What is stored is what was recognised on upload (D14); errors are JSON (the document says so per answer).
  produces: Object.keys(DELIVERABLE_TYPES),
  params: z.object({ name: z.string().describe('The stored name (a uuid and the extension).') }),
  querystring: z.object({
    preview: z.string().optional().describe('Any value: a WebP thumbnail of an image.'),
    sessionId: guestIdField().describe('The guest id (D22, 43-128 characters of base64url; also the X-Guest-Id header).'),
    order: z.string().regex(ORDER_NUMBER_PATTERN).optional().describe("The order's number, with `key`: its private link."),
    key: z.string().regex(ORDER_KEY_PATTERN).optional().describe("The private link's key (base64url)."),
  }).loose(),
  // The bytes are streamed from storage as they are (no JSON, no serializer).
  response: { 200: readByRoute(z.any().meta({ type: 'string', format: 'binary', description: 'The file, as its type.' })), ...errorAnswers(400, 404, 429) },
});

export const deliver = route({
  operationId: 'deliver',
  summary: 'Deliver draft or final files (staff)', tags: ['staff'], security: SIGNED_IN,
  description: 'Multipart like POST /api/uploads, larger and of more types (PDF, ZIP, GLB, MOV too). A draft moves the order to draft_delivered and starts the customer\'s 7 days.',
  consumes: ['multipart/form-data'],
  params: uuidParams,
  querystring: deliverableQuerySchema.describe(`purpose: ${DELIVERABLE_PURPOSES.join(' or ')}`),
  body: multipartFiles('The files to deliver.'),
  response: {
    201: ok({ files: z.array(deliverableSchema), status: z.enum(ORDER_STATUSES), statusChanged: z.boolean(), message: z.string() }),
    ...errorAnswers(400, 401, 403, 404, 408, 409, 413, 415, 429),
  },
});

export type Uploaded = Answer<typeof upload, 201>;
