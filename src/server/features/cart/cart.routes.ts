/** The cart API of SPEC section 7: guests by `sessionId` (their guest id, D22), users by session. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTemplate } from '../../../domain/catalog/templates.ts';
import { DomainError } from '../../../domain/errors.ts';
import { convertKrwToMinor } from '../../../domain/money.ts';
import { cartAddSchema, cartMergeSchema } from '../../../domain/validation/orders.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestOwner } from '../../http/accessor.ts';
import { parseBody } from '../../http/validate.ts';
import { addToCart, clearCart, listCart, mergeGuestCart, removeFromCart, type CartRow } from './cart.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerCartRoutes(app: FastifyInstance, db: Database, auth: Auth): void {
  /** A line with the catalog's title, price (won and the store's currency) and artwork. */
  function view(request: FastifyRequest, row: CartRow) {
    const template = findTemplate(row.templateId);
    const { lang, country, currency } = request.store;
    const priceKrw = template?.priceKrw ?? 0;
    return {
      id: row.id,
      templateId: row.templateId,
      templateTitle: translatorFor(lang, 'catalog')(`templates.${row.templateId}.title`),
      templatePrice: priceKrw,
      templateImage: template?.image ?? null,
      quantity: row.quantity,
      price: { currency, unitMinor: convertKrwToMinor(priceKrw, country), totalMinor: convertKrwToMinor(priceKrw * row.quantity, country) },
      createdAt: row.createdAt,
    };
  }

  app.get('/api/cart', async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    return { success: true, items: (await listCart(db, owner)).map((row) => view(request, row)) };
  });

  app.post('/api/cart', async (request, reply) => {
    const input = parseBody(cartAddSchema, request.body);
    const owner = await requestOwner(auth, request, input.sessionId ?? queryGuestId(request));
    const row = await addToCart(db, owner, input.templateId, input.quantity);
    return reply.status(201).send({ success: true, item: view(request, row) });
  });

  app.delete('/api/cart/:id', async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    const { id } = request.params as { id: string };
    // Not an id at all: nobody's line (and the database is not asked to parse it).
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    await removeFromCart(db, owner, id);
    return { success: true };
  });

  app.delete('/api/cart', async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    await clearCart(db, owner);
    return { success: true };
  });

  /** After signing in, the browser hands over its guest cart. */
  app.post('/api/cart/merge', async (request) => {
    const user = await auth.requireUser(request);
    const { sessionId } = parseBody(cartMergeSchema, request.body);
    const moved = await mergeGuestCart(db, user.id, sessionId);
    return { success: true, moved };
  });
}
