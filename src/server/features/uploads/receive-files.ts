/**
 * Reading the files of one multipart request into an upload batch, shared by the customers'
 * uploads and staff deliverables: the declared size is checked before a byte is read, each file
 * goes through the batch's checks, and after the first refusal the rest of the request is read
 * and dropped so the browser receives our answer rather than a reset connection. A request that
 * stops sending, or takes longer than its rules allow, is cut off with 408.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/errors.ts';
import { UPLOAD_IDLE_TIMEOUT_MS, type UploadRules } from '../../../domain/uploads.ts';
import type { UploadBatch } from './upload-batch.ts';
import { startUploadTimer } from './upload-timer.ts';

/** Room for the multipart boundaries and headers around a request's files. */
const REQUEST_OVERHEAD = 256 * 1024;
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** The multipart plugin's limits for these rules (one over each, so our own checks speak first). */
export function multipartLimits(rules: UploadRules) {
  return { fileSize: rules.maxFileBytes + 1, files: rules.maxFiles + 1, fields: 5, fieldSize: 200, parts: rules.maxFiles + 6, headerPairs: 50 };
}

/**
 * What the multipart parser (busboy) says of a body that ended before its form did: all the bytes
 * announced arrived, but not the closing boundary (a client cut off, a proxy that truncated it).
 */
const CUT_OFF = /^(Part terminated early|Unexpected end of (form|file|multipart data)|Malformed part header)/;

/** Multipart's own limit errors, and a body cut off, said in our words. */
function multipartError(error: unknown, fileName: string, rules: UploadRules): unknown {
  const code = (error as { code?: string }).code;
  if (error instanceof Error && !(error instanceof DomainError) && CUT_OFF.test(error.message)) {
    return new DomainError('BAD_REQUEST', { messageKey: 'uploads.cutOff', detail: `multipart: ${error.message}` });
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('FILE_TOO_LARGE', { values: { max: megabytes(rules.maxFileBytes), name: fileName } });
  if (code === 'FST_FILES_LIMIT') return new DomainError('UPLOAD_TOO_LARGE', { messageKey: 'uploads.tooMany', values: { count: rules.maxFiles } });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') return new DomainError('BAD_REQUEST');
  return error;
}

interface ReceiveHooks {
  /** Runs before a byte of the body is read, with the size the request declares (if it does). */
  beforeBody?(declaredBytes: number | undefined): Promise<void>;
  /** A text field arrived (e.g. the guest id before the files). */
  field?(name: string, value: unknown): void;
  /** Runs once, before the first file is stored (who the files belong to, whether they may). */
  beforeFirstFile?(declaredBytes: number | undefined): Promise<void>;
}

interface ReceiveOptions {
  /** How long the request may receive nothing (default UPLOAD_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number | undefined;
}

/** Stores every file of the request in `batch`; throws the first refusal (the caller aborts the batch). */
export async function receiveFiles(request: FastifyRequest, reply: FastifyReply, batch: UploadBatch, rules: UploadRules, hooks: ReceiveHooks = {}, options: ReceiveOptions = {}): Promise<void> {
  if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'uploads.multipartRequired' });
  const header = request.headers['content-length'];
  const declared = header === undefined ? undefined : Number(header);
  if (declared !== undefined && Number.isFinite(declared) && declared > rules.maxRequestBytes + REQUEST_OVERHEAD) {
    // Said before a byte is read; the connection closes after the answer.
    reply.header('connection', 'close');
    throw new DomainError('UPLOAD_TOO_LARGE', { values: { max: megabytes(rules.maxRequestBytes) } });
  }
  // A refusal here keeps the connection: Node reads and drops the (at most maxRequestBytes) body
  // after the answer, so a browser still sending it receives the answer, not a reset.
  await hooks.beforeBody?.(declared);
  const timer = startUploadTimer({ idleMs: options.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS, totalMs: rules.maxDurationMs });
  let failure: unknown = null;
  let current = '';
  let started = false;
  /** The part being stored, and its store: what a timeout has to stop and wait for. */
  let active: { file: Readable; adding: Promise<void> } | null = null;

  async function readParts(): Promise<void> {
    try {
      for await (const part of request.parts()) {
        if (failure || timer.isExpired) {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        if (part.type === 'field') {
          hooks.field?.(part.fieldname, part.value);
          continue;
        }
        current = part.filename;
        try {
          if (part.fieldname !== 'files' && part.fieldname !== 'file') throw new DomainError('VALIDATION_FAILED', { messageKey: 'uploads.empty' });
          if (!started) {
            started = true;
            await hooks.beforeFirstFile?.(declared);
          }
          // The request may have been cut off meanwhile: nothing more is stored for it.
          if (timer.isExpired) throw new DomainError('UPLOAD_TIMEOUT');
          const adding = batch.add(part.filename, part.file);
          active = { file: part.file, adding };
          await adding;
        } catch (error) {
          part.file.resume();
          failure ??= multipartError(error, current, rules);
        } finally {
          active = null;
        }
      }
    } catch (error) {
      // The parser's own complaints (no boundary, a cut-off body) are the client's doing.
      const mapped = multipartError(error, current, rules);
      const status = (mapped as { statusCode?: number }).statusCode;
      failure ??= mapped instanceof DomainError || (status !== undefined && status < 500) ? mapped : new DomainError('BAD_REQUEST', { detail: String((error as Error).message) });
    }
  }

  // Called first: its loop starts feeding the request to the parser, and only then may
  // anyone else listen to the request's bytes without taking them from the parser.
  const reading = readParts();
  const touch = () => timer.touch();
  request.raw.on('data', touch);
  try {
    await Promise.race([reading, timer.expired]);
  } catch (timeout) {
    // The client stopped sending (or is far too slow): the file being written fails, so storage
    // drops its partial copy, and the caller removes the rest. The loop above is left waiting
    // for a part that will not come; closing the connection ends it.
    reply.header('connection', 'close');
    const stalled = active as { file: Readable; adding: Promise<void> } | null;
    stalled?.file.destroy(timeout as Error);
    await stalled?.adding.catch(() => {});
    // Already refused and only being read to its end: the refusal is the answer that helps.
    throw failure ?? timeout;
  } finally {
    timer.stop();
    request.raw.off('data', touch);
  }
  if (failure) throw failure;
  if (batch.count === 0) throw new DomainError('VALIDATION_FAILED', { messageKey: 'uploads.empty' });
}
