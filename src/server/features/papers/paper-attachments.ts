/**
 * A paid order's papers as PDF attachments of its paid-order mail (issue 34): its receipt, and its
 * tax invoice where the store issues one. Papers are numbered milliseconds after the payment
 * commits; a mail sent sooner numbers them first (the numbering is one locked statement, safe to run
 * from anywhere), so no mail goes out with a paper missing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, papers } from '../../db/schema.ts';
import { numberPapers } from '../payments/papers-numbering.ts';
import { paperDocument } from './paper-document.ts';
import { paperPdf } from './paper-pdf.ts';
import { sourcesOf } from './papers.service.ts';

export interface PaperAttachment {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
  /** How the mail names it: its title and number. */
  label: string;
}

export async function paidPaperAttachments(db: Database, order: typeof orders.$inferSelect): Promise<PaperAttachment[]> {
  const issued = () => db.select().from(papers).where(and(eq(papers.orderId, order.id), isNull(papers.refundId))).orderBy(papers.issuedAt);
  let rows = await issued();
  if (rows.some((row) => row.number === null)) {
    await numberPapers(db);
    rows = await issued();
  }
  const sources = await sourcesOf(db, order, rows);
  return Promise.all(sources.map(async (source) => {
    const document = paperDocument(source);
    return { filename: document.fileName, content: await paperPdf(document, source.paper.issuedAt), contentType: 'application/pdf' as const, label: `${document.title} ${document.number}` };
  }));
}
