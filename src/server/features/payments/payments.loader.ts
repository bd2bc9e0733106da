/**
 * What the pages' loaders ask of payments (a checkout's choices, the success page's confirmation),
 * bound to this process's database and handed to them through the request context.
 */
import { eq } from 'drizzle-orm';
import type { CountryCode, Language } from '../../../domain/countries.ts';
import { DomainError } from '../../../domain/errors.ts';
import { draftWindowOf } from '../../../domain/orders.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicUser } from '../../../domain/user.ts';
import type { Database } from '../../db/client.ts';
import { orderLines } from '../../db/schema.ts';
import { messageOf } from '../../http/errors.ts';
import { briefsOfOrders } from '../briefs/brief-queries.ts';
import type { ConfirmInput } from './confirm.service.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SettleOutcome } from './settle.service.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { paperViews } from '../papers/paper-urls.ts';
import { numberedPapersOf } from '../papers/papers.service.ts';

/**
 * The paid (or processing) order as the success page shows it, with its papers (issue 34): a
 * guest's open with the private link's key, as the payer's return has proven itself.
 */
async function successView(db: Database, links: OrderLinks, { kind, order }: SettleOutcome) {
  const [lines, briefs, issued] = await Promise.all([
    db.select({ kind: orderLines.kind, ref: orderLines.ref, name: orderLines.name, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position),
    briefsOfOrders(db, [order.id]),
    kind === 'paid' ? numberedPapersOf(db, order.id) : [],
  ]);
  const access = order.userId ? {} : { orderKey: links.keyFor(order.orderNumber) };
  return {
    orderId: order.orderNumber, orderName: order.orderName, amount: order.amountMinor, currency: order.currency, country: order.country, paidAt: order.paidAt,
    receiptUrl: order.receiptUrl, isGuestOrder: order.isGuestOrder, customerEmail: order.customerEmail, paymentMethod: order.paymentMethod, paymentProvider: order.paymentProvider,
    lines: lines.map(({ kind, name, quantity }) => ({ kind, name, quantity })),
    draftWindow: order.orderType === 'consultation' ? null : draftWindowOf(lines),
    // A refreshed success page offers the brief only while it is still to be written.
    briefDue: kind === 'paid' && !briefs.has(order.id),
    papers: paperViews(order.orderNumber, issued, access),
  };
}

export function createPaymentsLoader({ db, payments, links, log }: { db: Database; payments: PaymentsService; links: OrderLinks; log: FastifyBaseLogger }) {
  return {
    settings: (country: CountryCode) => payments.settings(country),
    /** The sandbox's PayPal approval page: what a key the server signed asks to approve, or null. */
    sandboxApproval: (paymentKey: string) => payments.sandbox?.approval(paymentKey) ?? null,
    /**
     * The success page confirms on the server, so it renders the outcome instead of a spinner;
     * a refusal comes back as SPEC's code and the customer's sentence for the fail page (and is
     * logged); anything else is the page's error.
     */
    confirm: async (input: ConfirmInput, lang: Language, from: { user: PublicUser | null; client: string }) => {
      try {
        // A page knows its signed-in user only: a guest's return proves itself by its reference.
        const accessor = { user: from.user ? { id: from.user.id, role: from.user.role } : null, guestId: null, linkedOrderNumber: null };
        const outcome = await payments.confirm(input, { accessor, client: from.client });
        return { ok: true as const, processing: outcome.kind === 'processing', order: await successView(db, links, outcome) };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log.info({ err: error, orderId: input.orderId }, 'payment refused on return');
        return { ok: false as const, code: error.code === 'NOT_FOUND' ? 'PAYMENT_FAILED' : error.code, message: messageOf(error, lang) };
      }
    },
  };
}

export type PaymentsLoader = ReturnType<typeof createPaymentsLoader>;
