/**
 * An order as the customer's API answers show it (SPEC section 7 GET /api/orders/me): SPEC's
 * single-item fields where they still make sense, plus the lines (D23), the amounts in minor units
 * (D25), the status trail (D3) and staff comments.
 */
import { findTemplate } from '../../../domain/catalog/templates.ts';
import { customerCancel } from '../../../domain/refunds.ts';
import { isPayable, linesWithAmounts } from '../../../domain/payments.ts';
import { takesBrief } from '../../../domain/briefs.ts';
import { draftReview, freeRevisions, type DraftReview } from '../../../domain/deliverables.ts';
import { briefView } from '../briefs/brief-view.ts';
import { deliverableView } from '../deliverables/deliverable-queries.ts';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import type { OrderWithDetails } from './orders.service.ts';
import { paperViews, type PaperAccess } from '../papers/paper-urls.ts';
import { evidenceView } from '../papers/korean-evidence.service.ts';

const reviewView = (review: DraftReview) => ({ ...review, deadline: review.deadline?.toISOString() ?? null });

/** The newest quote as the customer reads it (D28): what to pay, until when, whether it still may be. */
function quoteView(order: OrderWithDetails['order'], quotes: OrderWithDetails['quotes']) {
  const quote = quotes[0];
  if (!quote) return null;
  return {
    version: quote.version,
    lines: quote.lines.map((line) => ({ description: line.description, amount: line.amount })),
    amount: quote.amountMinor,
    currency: quote.currency,
    validUntil: quote.validUntil.toISOString(),
    note: quote.note,
    /** Open for payment now; an expired one waits for staff to send it again. */
    payable: order.status === 'quoted' && isPayable(order),
    expired: order.status === 'quoted' ? !isPayable(order) : order.status === 'quote_review',
  };
}

/**
 * `access` goes on file and paper URLs for readers without a session: the guest's id (papers), the
 * order's private link (D22).
 */
export function customerOrderView({ order, lines, history, brief, deliverables, quotes, messages, refunds, revisions, papers, evidence }: OrderWithDetails, access: PaperAccess = {}): CustomerOrderView {
  const fileAccess = access.orderKey ? new URLSearchParams({ order: order.orderNumber, key: access.orderKey }).toString() : '';
  const first = lines[0];
  const template = lines.length === 1 && first?.kind === 'template' ? findTemplate(Number(first.ref)) : undefined;
  return {
    id: order.id,
    orderId: order.orderNumber,
    business: order.business,
    papers: paperViews(order.orderNumber, papers, access),
    evidence: evidenceView(order, evidence),
    status: order.status,
    orderType: order.orderType,
    orderName: order.orderName,
    packageName: order.orderName,
    country: order.country,
    currency: order.currency,
    /** What was (or will be) charged, in the currency's minor units. */
    amount: order.amountMinor,
    finalPrice: order.amountMinor,
    amountKRW: order.amountKrw,
    quantity: lines.length === 1 ? first!.quantity : lines.reduce((sum, l) => sum + l.quantity, 0),
    selectedTemplate: template && first ? { id: template.id, title: first.name, price: first.unitPriceKrw, image: template.image } : null,
    lines: linesWithAmounts(lines, order.amountMinor).map((l) => ({ kind: l.kind, ref: l.ref, name: l.name, quantity: l.quantity, unitPriceKrw: l.unitPriceKrw, totalKrw: l.totalKrw, amount: l.amount })),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerAddress: order.customerAddress,
    requirements: order.requirements,
    isGuestOrder: order.isGuestOrder,
    erased: order.erasedAt !== null,
    paymentMethod: order.paymentMethod,
    receiptUrl: order.receiptUrl,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, at: h.createdAt })),
    adminComments: order.adminComments,
    /** What the customer's cancel button would do now (D21). */
    cancel: customerCancel(order).kind,
    cancelRequestedAt: order.cancelRequestedAt,
    /** The project brief (D17), or null; `briefDue` when the customer can still write it. */
    brief: brief ? briefView(brief.brief, order.orderNumber, brief.files, fileAccess) : null,
    briefDue: !brief && takesBrief(order.status),
    /** Draft and final files from staff, and what the customer may do about the latest draft. */
    deliverables: deliverables.map((file) => deliverableView(file, fileAccess)),
    review: reviewView(draftReview(order, freeRevisions(lines))),
    /** Whether "Pay now" applies: pending, or quoted with a valid quote (D28, D30). */
    payable: isPayable(order),
    /** A consultation's newest quote (D28), or null. */
    quote: quoteView(order, quotes),
    /** Questions the customer asked about the quote, oldest first. */
    questions: messages.filter((m) => m.kind === 'question').map((m) => ({ body: m.body, at: m.createdAt.toISOString() })),
    /** Money given back (D21), in minor units, oldest first; `refunded` is their sum. */
    refunds: refunds.map((r) => ({ amount: r.amountMinor, at: r.createdAt.toISOString() })),
    refunded: refunds.reduce((sum, r) => sum + r.amountMinor, 0),
    /** The customer's own revision requests, in their words, oldest first. */
    revisions: revisions.map((r) => ({ round: r.round, note: r.note, at: r.createdAt.toISOString() })),
  };
}

export type { CustomerOrderView };
