/**
 * Where uploaded files live (issue "Briefs and files"): local disk under DATA_DIR by default, an
 * S3-compatible bucket when S3_BUCKET is set. Bodies are streamed both ways, never held whole in
 * memory; a file becomes visible only once it was written completely.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole stream under `key`; rejects (and leaves nothing behind) if the stream fails. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the keys; missing ones are fine. */
  delete(keys: readonly string[]): Promise<void>;
}
