/** The cart API (SPEC section 7): guests by `sessionId` (their guest id, D22), users by session. */
import { z } from 'zod';
import { cartAddSchema, cartMergeSchema, cartQuantitySchema, guestIdField } from '../validation/orders.ts';
import { SIGNED_IN, SIGNED_IN_OR_GUEST, dateTime, errorAnswers, ok, route, storeHeaders, type Answer } from './http.ts';
import { uuidParams } from './params.ts';

const tags = ['cart'];
const security = SIGNED_IN_OR_GUEST;
/** The guest id, checked with the caller's session by the route (a signed-in caller's is ignored). */
export const guestQuery = z.object({ sessionId: guestIdField().describe('The guest id (D22, 43-128 characters of base64url); absent when signed in.') }).loose();

export const cartItemSchema = z.object({
  id: z.uuid(),
  templateId: z.number().int(),
  templateTitle: z.string().describe("The template's title in the request's language."),
  templatePrice: z.number().int().describe('Unit price in whole won (SPEC).'),
  templateImage: z.string().nullable(),
  quantity: z.number().int(),
  price: z.object({ currency: z.string(), unitMinor: z.number().int(), totalMinor: z.number().int() }).describe("The store's currency, in its minor units (D25)."),
  createdAt: dateTime(),
});

export const listCart = route({
  operationId: 'listCart',
  description: "The caller's lines, oldest first, priced by the catalog in the store's currency (X-Store-Country): a guest's by `sessionId`, a signed-in customer's by the session.",
  headers: storeHeaders,
  summary: 'My cart', tags, security, querystring: guestQuery,
  response: { 200: ok({ items: z.array(cartItemSchema) }), ...errorAnswers(400) },
});

export const addToCart = route({
  operationId: 'addToCart',
  headers: storeHeaders,
  summary: 'Add a template to my cart', tags, security,
  description: 'SPEC sends `quantity` as numeric text; it is read as a whole number. The title, price and image come from the catalog, never from the request.',
  querystring: guestQuery,
  body: cartAddSchema.meta({ examples: [{ templateId: 3, quantity: '1', sessionId: 'k3J9v0bq2xQ8m1Zr5Tt7Yw4Ln6Pc0Hs2Ad9Fg3Ue5Ri' }] }),
  response: { 201: ok({ item: cartItemSchema }), ...errorAnswers(400) },
});

export const removeFromCart = route({
  operationId: 'removeFromCart',
  description: "A line of someone else's cart, or one already removed, is 404.",
  summary: 'Remove a line from my cart', tags, security, querystring: guestQuery,
  params: uuidParams,
  response: { 200: ok({}), ...errorAnswers(400, 404) },
});

export const setCartQuantity = route({
  operationId: 'setCartQuantity',
  headers: storeHeaders,
  summary: 'Set how many of a line my cart holds', tags, security, querystring: guestQuery,
  description: `From 1 to the most one order takes; a line of someone else's cart is "not found". To remove a line, DELETE it.`,
  params: uuidParams,
  body: cartQuantitySchema,
  response: { 200: ok({ item: cartItemSchema }), ...errorAnswers(400, 404) },
});

export const clearCart = route({
  operationId: 'clearCart',
  description: 'Removes every line of the caller\'s cart (placing an order from the cart does this too).',
  summary: 'Empty my cart', tags, security, querystring: guestQuery,
  response: { 200: ok({}), ...errorAnswers(400) },
});

export const mergeCart = route({
  operationId: 'mergeCart',
  description: "Moves the lines of the guest cart `sessionId` names into the signed-in customer's cart (quantities of the same template add up, within the most one order takes); the guest cart is then empty. `moved` counts the lines taken over.",
  summary: "Take over this browser's guest cart after signing in", tags, security: SIGNED_IN,
  body: cartMergeSchema,
  response: { 200: ok({ moved: z.number().int() }), ...errorAnswers(400, 401) },
});

export type CartItem = z.input<typeof cartItemSchema>;
export type CartList = Answer<typeof listCart>;
