/** The cart API of SPEC section 7: guests by `sessionId` (their guest id, D22), users by session. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/cart.ts';
import { findTemplate } from '../../../domain/catalog/templates.ts';
import { convertKrwToMinor } from '../../../domain/money.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestOwner } from '../../http/accessor.ts';
import { addToCart, clearCart, listCart, mergeGuestCart, removeFromCart, setCartQuantity, type CartRow } from './cart.service.ts';

export function registerCartRoutes(server: FastifyInstance, db: Database, auth: Auth): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
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

  app.get('/api/cart', { schema: contract.listCart }, async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    return { success: true as const, items: (await listCart(db, owner)).map((row) => view(request, row)) };
  });

  app.post('/api/cart', { schema: contract.addToCart }, async (request, reply) => {
    const input = request.body;
    const owner = await requestOwner(auth, request, input.sessionId ?? queryGuestId(request));
    const row = await addToCart(db, owner, input.templateId, input.quantity);
    return reply.status(201).send({ success: true as const, item: view(request, row) });
  });

  // Not an id at all (the contract's uuid): nobody's line, and the database is not asked to parse it.
  app.delete('/api/cart/:id', { schema: contract.removeFromCart }, async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    const { id } = request.params;
    await removeFromCart(db, owner, id);
    return { success: true as const };
  });

  app.patch('/api/cart/:id', { schema: contract.setCartQuantity }, async (request) => {
    const owner = await requestOwner(auth, request, request.body.sessionId ?? queryGuestId(request));
    const row = await setCartQuantity(db, owner, request.params.id, request.body.quantity);
    return { success: true as const, item: view(request, row) };
  });

  app.delete('/api/cart', { schema: contract.clearCart }, async (request) => {
    const owner = await requestOwner(auth, request, queryGuestId(request));
    await clearCart(db, owner);
    return { success: true as const };
  });

  /** After signing in, the browser hands over its guest cart. */
  app.post('/api/cart/merge', { schema: contract.mergeCart, preValidation: async (request) => { await auth.requireUser(request); } }, async (request) => {
    const user = await auth.requireUser(request);
    const { sessionId } = request.body;
    const moved = await mergeGuestCart(db, user.id, sessionId);
    return { success: true as const, moved };
  });
}
