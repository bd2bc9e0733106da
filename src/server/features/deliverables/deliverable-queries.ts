/** Reading what staff delivered on orders, for the order views (no dependency on the order service). */
import { and, inArray } from 'drizzle-orm';
import { DELIVERABLE_PURPOSES, type DeliverablePurpose } from '../../../domain/deliverables.ts';
import type { Database } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import { fileView } from '../uploads/file-view.ts';

export type DeliverableRow = UploadedFileRow & { purpose: DeliverablePurpose };

/**
 * Draft and final files of these orders, oldest first, in one query. Named purposes, not "all but
 * references": a message's attachment (a private note's among them) is never a deliverable.
 */
export async function deliverablesOfOrders(db: Database, orderIds: readonly string[]): Promise<DeliverableRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.select().from(uploadedFiles)
    .where(and(inArray(uploadedFiles.orderId, [...orderIds]), inArray(uploadedFiles.purpose, DELIVERABLE_PURPOSES)))
    .orderBy(uploadedFiles.createdAt, uploadedFiles.briefPosition, uploadedFiles.id);
  return rows as DeliverableRow[];
}

/** A delivered file as the pages show it: a file with its purpose. */
export function deliverableView(file: DeliverableRow, access = '') {
  return { ...fileView(file, access), purpose: file.purpose };
}
