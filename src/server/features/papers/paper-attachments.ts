/**
 * Papers as PDF attachments (issue 34): a paid order's receipt, and its tax invoice where the store
 * issues one, with the paid-order mail; a refund's credit note with the mail that tells of it.
 * Numbered before the mail goes (numberedPapersOf), so no mail goes out with a paper missing.
 */
import type { Database } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import { paperDocument } from './paper-document.ts';
import { paperPdf } from './paper-pdf.ts';
import { numberedPapersOf, sourcesOf } from './papers.service.ts';

/** The PDFs a mail carries, and how its text names them (each paper's title and number). */
export interface PaperAttachments {
  files: MailAttachment[];
  labels: string[];
}

type OrderRow = typeof orders.$inferSelect;

async function attachmentsOf(db: Database, order: OrderRow, rows: Parameters<typeof sourcesOf>[2]): Promise<PaperAttachments> {
  const documents = (await sourcesOf(db, order, rows)).map((source) => ({ source, document: paperDocument(source) }));
  return {
    files: await Promise.all(documents.map(async ({ source, document }) => ({ filename: document.fileName, content: await paperPdf(document, source.paper.issuedAt), contentType: 'application/pdf' }))),
    labels: documents.map(({ document }) => `${document.title} ${document.number}`),
  };
}

export async function paidPaperAttachments(db: Database, order: OrderRow): Promise<PaperAttachments> {
  return attachmentsOf(db, order, await numberedPapersOf(db, order.id, { ownOnly: true }));
}

/** A refund's mail carries its credit note: the order's newest, issued with the refund it tells of. */
export async function creditNoteAttachments(db: Database, order: OrderRow): Promise<PaperAttachments> {
  const notes = (await numberedPapersOf(db, order.id)).filter((paper) => paper.kind === 'credit_note');
  return attachmentsOf(db, order, notes.slice(-1));
}
