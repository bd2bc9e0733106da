/**
 * POST /api/uploads (SPEC section 7, D14): multipart, field `files`, several at once, for users
 * and guests (`sessionId` in the query or as a field before the files). GET /uploads/{name}: the
 * file to its owner, staff or the holder of its order's private link; 404 to everyone else.
 */
import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/errors.ts';
import { isGuestId } from '../../../domain/guest.ts';
import { ORDER_NUMBER_PATTERN } from '../../../domain/orders.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_REQUEST_MAX_BYTES, isImageType } from '../../../domain/uploads.ts';
import type { Database } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestOwner } from '../../http/owner.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { findOrderByNumber } from '../orders/orders.service.ts';
import type { Owner } from '../orders/owner.ts';
import { mayRead } from './file-access.ts';
import { fileView } from './file-view.ts';
import { ensureThumbnail } from './thumbnails.ts';
import { startUploadBatch } from './upload-batch.ts';

/** Room for the multipart boundaries and headers around 50 MB of files. */
const REQUEST_OVERHEAD = 256 * 1024;
const STORED_NAME = /^[0-9a-f-]{36}\.(jpg|png|gif|webp|mp4)$/;
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Multipart's own limit errors, said in our words. */
function multipartError(error: unknown, fileName: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('FILE_TOO_LARGE', { values: { max: megabytes(UPLOAD_MAX_BYTES), name: fileName } });
  if (code === 'FST_FILES_LIMIT') return new DomainError('UPLOAD_TOO_LARGE', { messageKey: 'uploads.tooMany', values: { max: UPLOAD_MAX_FILES } });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') return new DomainError('BAD_REQUEST');
  return error;
}

export function registerUploadRoutes(app: FastifyInstance, deps: { db: Database; auth: Auth; storage: FileStorage; links: OrderLinks }): void {
  const { db, auth, storage, links } = deps;

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: UPLOAD_MAX_FILES + 1, fields: 5, fieldSize: 200, parts: UPLOAD_MAX_FILES + 6, headerPairs: 50 },
    });

    scope.post('/api/uploads', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'uploads.multipartRequired' });
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > UPLOAD_REQUEST_MAX_BYTES + REQUEST_OVERHEAD) {
        // Said before a byte is read; the connection closes after the answer.
        reply.header('connection', 'close');
        throw new DomainError('UPLOAD_TOO_LARGE', { values: { max: megabytes(UPLOAD_REQUEST_MAX_BYTES) } });
      }
      const batch = startUploadBatch(storage);
      let guestId: unknown = queryGuestId(request);
      let owner: Owner | null = null;
      let failure: unknown = null;
      let current = '';
      try {
        for await (const part of request.parts()) {
          if (failure) {
            // Read the rest of the request, so the browser receives our answer rather than a reset.
            if (part.type === 'file') part.file.resume();
            continue;
          }
          if (part.type === 'field') {
            if (part.fieldname === 'sessionId' && guestId === undefined) guestId = part.value;
            continue;
          }
          current = part.filename;
          try {
            if (part.fieldname !== 'files' && part.fieldname !== 'file') throw new DomainError('VALIDATION_FAILED', { messageKey: 'uploads.empty' });
            owner ??= await requestOwner(auth, request, guestId);
            await batch.add(part.filename, part.file);
          } catch (error) {
            part.file.resume();
            failure = multipartError(error, current);
          }
        }
      } catch (error) {
        // The parser's own complaints (no boundary, a cut-off body) are the client's doing.
        const mapped = multipartError(error, current);
        const status = (mapped as { statusCode?: number }).statusCode;
        failure ??= mapped instanceof DomainError || (status !== undefined && status < 500) ? mapped : new DomainError('BAD_REQUEST', { detail: String((error as Error).message) });
      }
      try {
        if (failure) throw failure;
        if (!owner) throw new DomainError('VALIDATION_FAILED', { messageKey: 'uploads.empty' });
        const rows = await batch.commit(db, owner);
        request.log.info({ files: rows.length, bytes: rows.reduce((sum, row) => sum + row.sizeBytes, 0) }, 'files uploaded');
        return reply.status(201).send({ success: true, files: rows.map((row) => fileView(row)) });
      } catch (error) {
        await batch.abort();
        throw error;
      }
    });
  });

  /** The order whose private link the query carries, when the key is right. */
  async function linkedOrder(request: FastifyRequest): Promise<string | null> {
    const { order, key } = request.query as Record<string, unknown>;
    if (typeof order !== 'string' || typeof key !== 'string' || !ORDER_NUMBER_PATTERN.test(order) || !links.verify(order, key)) return null;
    return (await findOrderByNumber(db, order))?.id ?? null;
  }

  app.get<{ Params: { name: string }; Querystring: { preview?: string } }>('/uploads/:name', {
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME.test(name)) throw new DomainError('NOT_FOUND');
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.storedName, name)).limit(1);
    if (!file) throw new DomainError('NOT_FOUND');
    const header = request.headers['x-guest-id'];
    const guest = typeof header === 'string' ? header : queryGuestId(request);
    const reader = { user: await auth.currentUser(request), guestId: isGuestId(guest) ? guest : null, linkedOrderId: null as string | null };
    if (!mayRead(reader, file)) {
      reader.linkedOrderId = await linkedOrder(request);
      if (!mayRead(reader, file)) throw new DomainError('NOT_FOUND');
    }
    const preview = request.query.preview !== undefined && isImageType(file.mimeType)
      ? await ensureThumbnail(db, storage, file)
      : null;
    const object = await storage.get(preview ?? file.storedName);
    if (!object) throw new DomainError('NOT_FOUND');
    const inline = isImageType(file.mimeType);
    return reply
      .header('content-type', preview ? 'image/webp' : file.mimeType)
      .header('content-length', String(object.size))
      .header('content-disposition', contentDisposition(preview ? file.originalName.replace(/\.[^.]*$/, '') + '.webp' : file.originalName, { type: inline ? 'inline' : 'attachment' }))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      // Never a document: a file that a browser might still render cannot run script here.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(object.body);
  });
}
