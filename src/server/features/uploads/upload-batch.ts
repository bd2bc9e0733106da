/**
 * Receiving the files of one upload request (D14): each is recognised by its first bytes (never by
 * its name or the type the browser claims; an empty one is refused by name), counted and hashed while it streams to storage, and
 * refused as soon as it passes 10 MB or the request passes 50 MB (or a customer's daily allowance). The rows are written in one
 * statement only when every file arrived; on any refusal or failure the files already stored are
 * removed, so nothing of a refused request stays on disk or in the database.
 */
import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { DomainError } from '../../../domain/errors.ts';
import type { FilePurpose } from '../../../domain/deliverables.ts';
import { REFERENCE_RULES, type UploadRules } from '../../../domain/uploads.ts';
import type { Database } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { Owner } from '../orders/owner.ts';
import { readFirstBytes } from './first-bytes.ts';
import type { UploadAllowance } from './upload-quota.ts';

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

interface Received {
  storedName: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/** file-type is loaded with the first upload rather than at start (issue 17): most processes serve pages. */
let fileTypeModule: Promise<typeof import('file-type')> | undefined;
const detectType = async (head: Uint8Array) => (await (fileTypeModule ??= import('file-type'))).fileTypeFromBuffer(head);

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** A name to show and to offer on download: the last path segment, without control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned || 'file';
}

/** Enough of a file's start to recognise every accepted type (file-type's own sample size). */
const SAMPLE_BYTES = 4100;
/**
 * Arrived bytes are counted against the daily allowance a megabyte at a time and at the end of
 * each file, not per chunk: one round trip to the counter per megabyte, and at most a megabyte
 * written past the allowance before the file fails (and is removed).
 */
const COUNT_STEP_BYTES = 1024 * 1024;

/** Counts and hashes what passes; fails the stream once the file, the request or the day's allowance is over its limit. */
class Meter extends Transform {
  bytes = 0;
  private uncounted = 0;
  private readonly hash = createHash('sha256');
  private readonly name: string;
  private readonly requestBytesBefore: number;
  private readonly rules: UploadRules;
  private readonly allowance: UploadAllowance | undefined;
  constructor(name: string, requestBytesBefore: number, rules: UploadRules, allowance: UploadAllowance | undefined) {
    super();
    this.name = name;
    this.requestBytesBefore = requestBytesBefore;
    this.rules = rules;
    this.allowance = allowance;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    const { maxFileBytes, maxRequestBytes } = this.rules;
    if (this.bytes > maxFileBytes) return done(new DomainError('FILE_TOO_LARGE', { values: { max: megabytes(maxFileBytes), name: this.name } }));
    if (this.requestBytesBefore + this.bytes > maxRequestBytes) return done(new DomainError('UPLOAD_TOO_LARGE', { values: { max: megabytes(maxRequestBytes) } }));
    this.hash.update(chunk);
    this.uncounted += chunk.length;
    if (!this.allowance || this.uncounted < COUNT_STEP_BYTES) return done(null, chunk);
    // The chunk goes on to storage only once the allowance took it.
    this.count().then(() => done(null, chunk), done);
  }
  override _flush(done: TransformCallback) {
    if (!this.allowance || this.uncounted === 0) return done();
    this.count().then(() => done(), done);
  }
  private count(): Promise<void> {
    const bytes = this.uncounted;
    this.uncounted = 0;
    return this.allowance!.take(bytes);
  }
  digest() {
    return this.hash.digest('hex');
  }
}

export interface UploadBatch {
  /** Stores one file; throws a DomainError when it is refused (the caller then calls abort). */
  add(fileName: string, stream: Readable): Promise<void>;
  /**
   * Writes the rows of every stored file in one statement and returns them in the order received;
   * deliverables are written straight onto their order.
   */
  commit(db: Database, owner: Owner, attach?: { orderId: string; purpose: FilePurpose }): Promise<UploadedFileRow[]>;
  /** Removes every file this batch stored, and gives back what it counted of the day's allowance. */
  abort(): Promise<void>;
  readonly count: number;
}

/** `allowance`: the day's upload allowance the arriving bytes count against (customers' uploads; staff deliveries have none). */
export function startUploadBatch(storage: FileStorage, rules: UploadRules = REFERENCE_RULES, allowance?: UploadAllowance): UploadBatch {
  const received: Received[] = [];
  const stored: string[] = [];
  let requestBytes = 0;

  return {
    get count() {
      return received.length;
    },
    async add(fileName, stream) {
      const originalName = cleanFileName(fileName);
      if (received.length >= rules.maxFiles) {
        stream.resume();
        throw new DomainError('UPLOAD_TOO_LARGE', { messageKey: 'uploads.tooMany', values: { count: rules.maxFiles } });
      }
      const { head, body } = await readFirstBytes(stream, SAMPLE_BYTES);
      if (head.length === 0) throw new DomainError('VALIDATION_FAILED', { messageKey: 'uploads.emptyFile', values: { name: originalName } });
      const type = (await detectType(head))?.mime;
      if (type === undefined || !Object.hasOwn(rules.types, type)) {
        body.resume();
        throw new DomainError('UNSUPPORTED_FILE_TYPE', { values: { name: originalName }, detail: `detected ${type ?? 'unknown'}` });
      }
      const storedName = `${randomUUID()}.${rules.types[type]}`;
      const meter = new Meter(originalName, requestBytes, rules, allowance);
      stored.push(storedName);
      // A failing part (a cut-off request, the upload's timer) fails the meter and so the write;
      // a refusal by the meter stops the chain.
      stream.once('error', (error) => meter.destroy(error));
      pipeline(body, meter, () => {});
      await storage.put(storedName, meter, type);
      requestBytes += meter.bytes;
      received.push({ storedName, originalName, mimeType: type, sizeBytes: meter.bytes, sha256: meter.digest() });
    },
    async commit(db, owner, attach) {
      if (received.length === 0) throw new DomainError('VALIDATION_FAILED', { messageKey: 'uploads.empty' });
      const rows = await db.insert(uploadedFiles).values(received.map((file, index) => ({
        ...file,
        ownerUserId: owner.kind === 'user' ? owner.userId : null,
        ownerGuestId: owner.kind === 'guest' ? owner.guestId : null,
        ...(attach ? { orderId: attach.orderId, purpose: attach.purpose, briefPosition: index } : {}),
      }))).returning();
      const position = new Map(received.map((file, index) => [file.storedName, index]));
      return rows.sort((a, b) => position.get(a.storedName)! - position.get(b.storedName)!);
    },
    async abort() {
      await storage.delete(stored);
      // Nothing of the request is kept, so it costs nothing of the allowance; a counter that cannot
      // be reached right now keeps the bytes counted rather than failing the answer.
      await allowance?.giveBack().catch(() => {});
    },
  };
}
