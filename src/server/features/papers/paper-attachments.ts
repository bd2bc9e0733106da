/**
 * Papers as PDF attachments (issue 34): a paid order's receipt, and its tax invoice where the store
 * issues one, with the paid-order mail; a refund's credit note with the mail that tells of it.
 * Numbered before the mail goes (numberedPapersOf), so no mail goes out with a paper missing.
 */
import type { Database } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { paperDocument } from './paper-document.ts';
import { paperPdf } from './paper-pdf.ts';
import { numberedPapersOf, sourcesOf } from './papers.service.ts';

export interface PaperAttachment {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
  /** How the mail names it: its title and number. */
  label: string;
}

type OrderRow = typeof orders.$inferSelect;

async function attachmentsOf(db: Database, order: OrderRow, rows: Parameters<typeof sourcesOf>[2]): Promise<PaperAttachment[]> {
  const sources = await sourcesOf(db, order, rows);
  return Promise.all(sources.map(async (source) => {
    const document = paperDocument(source);
    return { filename: document.fileName, content: await paperPdf(document, source.paper.issuedAt), contentType: 'application/pdf' as const, label: `${document.title} ${document.number}` };
  }));
}

export async function paidPaperAttachments(db: Database, order: OrderRow): Promise<PaperAttachment[]> {
  return attachmentsOf(db, order, await numberedPapersOf(db, order.id, { ownOnly: true }));
}

/** A refund's mail carries its credit note: the order's newest, issued with the refund it tells of. */
export async function creditNoteAttachments(db: Database, order: OrderRow): Promise<PaperAttachment[]> {
  const notes = (await numberedPapersOf(db, order.id)).filter((paper) => paper.kind === 'credit_note');
  return attachmentsOf(db, order, notes.slice(-1));
}
