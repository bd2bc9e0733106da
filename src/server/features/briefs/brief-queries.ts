/** Reading briefs with their files, for order views (no dependency on the order service). */
import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { projectBriefs, uploadedFiles } from '../../db/schema.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';

export type BriefRow = typeof projectBriefs.$inferSelect;

/** Briefs of these orders with their files, in two queries. */
export async function briefsOfOrders(db: Database, orderIds: readonly string[]): Promise<Map<string, { brief: BriefRow; files: UploadedFileRow[] }>> {
  if (orderIds.length === 0) return new Map();
  const [briefs, files] = await Promise.all([
    db.select().from(projectBriefs).where(inArray(projectBriefs.orderId, [...orderIds])),
    db.select().from(uploadedFiles).where(and(inArray(uploadedFiles.orderId, [...orderIds]), sql`${uploadedFiles.briefId} is not null`)).orderBy(uploadedFiles.briefPosition, uploadedFiles.id),
  ]);
  return new Map(briefs.map((brief) => [brief.orderId, { brief, files: files.filter((f) => f.briefId === brief.id) }]));
}

