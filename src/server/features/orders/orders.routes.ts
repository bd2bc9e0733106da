/**
 * The orders API of SPEC section 7 for customers and guests: create (the server prices it, D4),
 * list one's own (GET /api/orders/me), read one by its public number, and cancel it (D21). Staff
 * endpoints come with the staff area.
 */
import type { MailWorker } from '../../mail/mail-worker.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/orders.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { OrderItem } from '../../../domain/orders.ts';
import { V } from '../../../domain/validation/messages.ts';
import { idempotencyKeyField, SPEC_PACKAGE_TEMPLATE_ID, type CreateOrderInput } from '../../../domain/validation/orders.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { INCLUDED_IMAGES } from '../../../domain/catalog/services.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestAccessor, requestOwner } from '../../http/accessor.ts';
import { storeNamed } from '../../http/store.ts';
import { businessDetailsFor, setBusinessDetails } from './business.service.ts';
import { listCart } from '../cart/cart.service.ts';
import { customerOrderView } from './order-view.ts';
import { getOrderFor, listOwnOrders, placeOrder, requestFingerprint } from './orders.service.ts';
import type { Owner } from './owner.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { cancelOwnOrder } from './cancel.service.ts';
import type { OrderLinks } from './order-links.ts';
import { packageNamed } from './order-names.ts';

async function itemsOf(db: Database, owner: Owner, input: CreateOrderInput): Promise<OrderItem[]> {
  if (input.fromCart) return (await listCart(db, owner)).map((row) => ({ kind: 'template', templateId: row.templateId, quantity: row.quantity }));
  if (input.selectedTemplate?.id === SPEC_PACKAGE_TEMPLATE_ID) {
    // SPEC's package order: the package is named, the template-like object carries only its display.
    const slug = packageNamed(input.packageName ?? '');
    if (!slug) throw new DomainError('UNKNOWN_ITEM', { fields: { packageName: { key: V.invalidChoice } } });
    return [{ kind: 'package', packageSlug: slug }];
  }
  if (input.selectedTemplate) return [{ kind: 'template', templateId: input.selectedTemplate.id, quantity: input.quantity ?? 1 }];
  if (input.packageId !== undefined) return [{ kind: 'package', packageSlug: input.packageId }];
  return [{ kind: 'service', serviceId: input.serviceId!, quantity: input.quantity ?? INCLUDED_IMAGES }];
}

/** The page's figures, if any, as numbers (SPEC sends them as text). */
function shown(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[^\d.-]/g, '')) : NaN;
  return Number.isFinite(number) ? number : null;
}

const idempotencyKeySchema = idempotencyKeyField();
/** Each request's key as its preValidation read it, so the handler does not parse it again. */
const idempotencyKeys = new WeakMap<FastifyRequest, string>();

/**
 * The checkout attempt's Idempotency-Key header, if sent; a malformed one is refused (400). A
 * callback rather than an async function: no promise per order for a check that never waits.
 */
function readIdempotencyKey(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return done();
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) return done(new DomainError('IDEMPOTENCY_KEY_INVALID'));
  idempotencyKeys.set(request, parsed.data);
  done();
}

export function registerOrderRoutes(server: FastifyInstance, db: Database, auth: Auth, payments: PaymentsService, links: OrderLinks, mailWorker: Pick<MailWorker, 'nudge'>): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post('/api/orders', {
    schema: contract.createOrder,
    // Generous for shoppers, in the way of scripts filling the table.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    // A malformed key is refused before the body is looked at.
    preValidation: readIdempotencyKey,
  }, async (request, reply) => {
    const idempotencyKey = idempotencyKeys.get(request);
    const input = request.body;
    const owner = await requestOwner(auth, request, input.sessionId);
    const { country, lang } = storeNamed(request, input.country);
    const business = input.business && businessDetailsFor(country, input.business, 'business.taxId');
    const { order, replayed } = await placeOrder(db, {
      owner,
      items: await itemsOf(db, owner, input),
      country,
      language: lang,
      customer: { name: input.customerName, email: input.customerEmail, phone: input.customerPhone, address: input.customerAddress, business },
      requirements: input.requirements,
      // A retry of this checkout attempt is the same validated input for the same store.
      idempotency: idempotencyKey ? { key: idempotencyKey, fingerprint: requestFingerprint({ ...input, country }) } : undefined,
    });
    if (replayed) {
      request.log.info({ orderId: order.id }, 'order answered again for its Idempotency-Key');
    } else {
      // The server's figure is the price (D4); a page that showed another one is worth knowing about.
      const pageAmount = shown(input.finalPrice ?? input.totalAmount ?? input.amountKRW);
      if (pageAmount !== null && pageAmount !== order.amountMinor && pageAmount !== order.amountKrw) {
        request.log.warn({ orderId: order.id, pageAmount, amount: order.amountMinor }, 'the page showed another amount than the server charged');
      }
      request.log.info({ orderId: order.id, lines: order.lineCount, amount: order.amountMinor, currency: order.currency }, 'order created');
    }
    // The same answer for a retry as for the first request: it is the same order.
    return reply.status(201).send({
      success: true as const,
      id: order.id,
      orderId: order.orderNumber,
      amount: order.amountMinor,
      currency: order.currency,
      orderName: order.orderName,
      status: order.status,
      // The store's payment choices by SPEC's names, in SPEC's order: POST /api/payments/start takes one.
      providers: payments.settings(country).choices.map((c) => c.choice),
      message: translatorFor(lang, 'errors')('orders.created'),
    });
  });

  app.get('/api/orders/me', { schema: contract.myOrders }, async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    const orders = await listOwnOrders(db, owner);
    const access = owner.kind === 'guest' ? { sessionId: owner.guestId } : {};
    return { success: true as const, orders: orders.map((details) => customerOrderView(details, access)) };
  });

  /** The customer's own cancel button (D21): cancelled, refunded in full, or requested from staff. */
  app.post('/api/orders/:orderId/cancel', { schema: contract.cancelOrder }, async (request, reply) => {
    const { orderId } = request.params;
    const input = request.body ?? {};
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request) });
    const outcome = await cancelOwnOrder(db, payments.providerOf, accessor, orderId, input.reason);
    // The mail that says so (with a refund's credit note) goes now, not at the worker's next round.
    mailWorker.nudge();
    request.log.info({ outcome }, 'order cancel by customer');
    const message = translatorFor(request.store.lang, 'errors')(`orders.cancel.${outcome}`);
    if (outcome === 'refunding') return reply.status(202).send({ success: true as const, outcome, message });
    return { success: true as const, outcome, message };
  });

  app.put('/api/orders/:orderId/business', { schema: contract.setBusinessDetails, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const { orderId } = request.params;
    const input = request.body;
    const accessor = await requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request), orderNumber: orderId, orderKey: input.orderKey });
    const business = await setBusinessDetails(db, accessor, orderId, input);
    request.log.info({ orderNumber: orderId }, 'business details given');
    return { success: true as const, business };
  });

  app.get('/api/orders/:orderId', { schema: contract.orderByNumber }, async (request) => {
    const { orderId } = request.params;
    const { key } = request.query;
    const accessor = await requestAccessor(auth, links, request, { guestId: queryGuestId(request), orderNumber: orderId, orderKey: key });
    // Paper addresses carry what let this reader in, when it was not a session.
    const access = accessor.user ? {} : { sessionId: accessor.guestId ?? undefined, orderKey: accessor.linkedOrderNumber ? key : undefined };
    return { success: true as const, order: customerOrderView(await getOrderFor(db, accessor, orderId), access) };
  });
}
