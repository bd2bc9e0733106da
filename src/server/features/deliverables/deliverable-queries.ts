/** Reading what staff delivered on orders, for the order views (no dependency on the order service). */
import { and, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import { fileView } from '../uploads/file-view.ts';

/** Draft and final files of these orders, oldest first, in one query. */
export async function deliverablesOfOrders(db: Database, orderIds: readonly string[]): Promise<UploadedFileRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(uploadedFiles)
    .where(and(inArray(uploadedFiles.orderId, [...orderIds]), ne(uploadedFiles.purpose, 'reference')))
    .orderBy(uploadedFiles.createdAt, uploadedFiles.briefPosition, uploadedFiles.id);
}

/** A delivered file as the pages show it: a file with its purpose. */
export function deliverableView(file: UploadedFileRow, access = '') {
  return { ...fileView(file, access), purpose: file.purpose };
}
