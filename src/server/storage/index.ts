import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

export type { FileStorage } from './file-storage.ts';

/**
 * S3 when S3_BUCKET is set, else DATA_DIR/uploads. The AWS SDK is imported only in the first case:
 * loading it cost every process about 30 MB whether or not it had a bucket (issue 17). It is
 * loaded here, at start, so no upload waits for it.
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}
