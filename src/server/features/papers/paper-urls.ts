/**
 * Where a paper is read (issue 34): its page and its PDF under its order, carrying the access the
 * reader has without a session (the guest's id, the private link's key), so a plain link works.
 */
import type { PaperKind } from '../../../domain/tax/papers.ts';

export interface PaperAccess {
  /** The guest's id, for a guest's own order. */
  sessionId?: string | undefined;
  /** The private link's key (D22). */
  orderKey?: string | undefined;
}

/** `?sessionId=…` or `?orderKey=…` (or both), or nothing for a signed-in reader. */
function paperAccessQuery(access: PaperAccess): string {
  const query = new URLSearchParams();
  if (access.sessionId) query.set('sessionId', access.sessionId);
  if (access.orderKey) query.set('orderKey', access.orderKey);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function paperUrls(orderNumber: string, number: string, access: PaperAccess = {}) {
  const base = `/api/orders/${orderNumber}/papers/${number}`;
  const query = paperAccessQuery(access);
  return { htmlUrl: `${base}${query}`, pdfUrl: `${base}/pdf${query}` };
}

interface StoredPaper {
  kind: PaperKind;
  number: string | null;
  issuedAt: Date;
  amountMinor: number;
  taxMinor: number;
  currency: string;
}

/** The papers an order lists: those numbered (a paper is numbered milliseconds after the payment commits), with their addresses. */
export const paperViews = (orderNumber: string, papers: readonly StoredPaper[], access: PaperAccess = {}) => papers
  .filter((paper): paper is StoredPaper & { number: string } => paper.number !== null)
  .map((paper) => ({
    kind: paper.kind, number: paper.number, issuedAt: paper.issuedAt, amount: paper.amountMinor, tax: paper.taxMinor, currency: paper.currency,
    ...paperUrls(orderNumber, paper.number, access),
  }));
