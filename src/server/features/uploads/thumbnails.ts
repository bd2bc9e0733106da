/**
 * Image previews for the brief and staff screens: a WebP at most 480 px on its longer side, made
 * with sharp the first time it is asked for and kept in storage beside the original.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type SharpModule from 'sharp';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { UploadedFileRow } from './upload-batch.ts';

const THUMB_SIZE = 480;
/** A 10 MB file may still decode to a huge bitmap; previews of larger images are refused. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * sharp (libvips and its threads) is loaded on the first preview, not at start: most processes
 * never make one, and it cost the idle server memory for nothing (issue 17). The import takes
 * about 0.1 s once per process, beside the resize itself.
 */
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default));

const thumbnailKey = (storedName: string) => `thumbs/${storedName.replace(/\.[a-z0-9]+$/, '')}.webp`;

/** The preview's storage key, made now if there is none yet; null when the original cannot be read as an image. */
export async function ensureThumbnail(db: Database, storage: FileStorage, file: UploadedFileRow): Promise<string | null> {
  if (file.thumbnailName) return file.thumbnailName;
  const sharp = await loadSharp();
  const original = await storage.get(file.storedName);
  if (!original) return null;
  const resize = sharp({ limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 });
  let preview: Buffer;
  try {
    // pipeline passes a failing read (a reset S3 connection) on to sharp instead of leaving it unheard.
    [, preview] = await Promise.all([pipeline(original.body, resize), resize.toBuffer()]);
  } catch {
    original.body.destroy();
    return null;
  }
  const key = thumbnailKey(file.storedName);
  await storage.put(key, Readable.from(preview), 'image/webp');
  await db.update(uploadedFiles).set({ thumbnailName: key }).where(eq(uploadedFiles.id, file.id));
  return key;
}
