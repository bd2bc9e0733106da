/**
 * Cart, order and payment-confirmation payloads of SPEC section 7. Only what identifies the goods,
 * the quantity, the customer and the store is taken from them; prices a browser sends are read as
 * "what the page showed" and only compared (D4).
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { GUEST_ID_PATTERN } from '../guest.ts';
import { MAX_QUANTITY, MIN_QUANTITY } from '../catalog/pricing.ts';
import { ORDER_MESSAGE_MAX } from '../quotes.ts';
import { V, type ValidationMessageKey } from './messages.ts';
import { acceptsOnTheWire, orAlso } from './wire.ts';
import type { CountryCode } from '../countries.ts';
import { businessDetailsSchema, businessFoldSchema, businessFoldShape, checkBusinessFold } from './business.ts';
import { emailField, optionalText, plainText, requiredPhone, requiredText } from './schema-helpers.ts';

/** Digits, as a number arrives in SPEC's payloads (a cart quantity, a return's amount). */
export const NUMERIC_TEXT = /^\s*\d+\s*$/;

/** A whole number, also when it arrives as a numeric string (SPEC: cart quantity); the document says both. */
export const wholeNumber = (min: number, max: number, error: ValidationMessageKey = V.quantity) => acceptsOnTheWire(
  z.preprocess(
    (value) => (typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value),
    z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(min, { error }).max(max, { error }),
  ),
  (json) => orAlso(json, { type: 'string', pattern: NUMERIC_TEXT.source }),
);

/** The guest id (D22): absent for signed-in callers. */
export const guestIdField = () => plainText().regex(GUEST_ID_PATTERN, { error: V.invalidType }).optional();

const quantityField = () => wholeNumber(MIN_QUANTITY, MAX_QUANTITY);

export const cartAddSchema = z.object({
  templateId: wholeNumber(1, 10_000),
  quantity: quantityField().optional().default(1),
  sessionId: guestIdField(),
});

/** PATCH /api/cart/{id}: how many of the line (issue 33, item 23). */
export const cartQuantitySchema = z.object({ quantity: quantityField(), sessionId: guestIdField() });

export const cartMergeSchema = z.object({ sessionId: plainText({ typeError: V.required }).regex(GUEST_ID_PATTERN, { error: V.invalidType }) });

/** A number or numeric text a page showed; compared with the server's figure, never used. */
const shownAmount = z.union([z.number(), plainText().max(40, { error: V.tooLong })]).optional();

/** SPEC's fields that a client may send and the server does not use: named in the document as such. */
const ignored = <T extends z.ZodType>(schema: T, why: string) => schema.meta({ deprecated: true, description: `Ignored: ${why}` });

/** SPEC's package order names the package by `packageName` with a template-like `selectedTemplate` of id 0. */
export const SPEC_PACKAGE_TEMPLATE_ID = 0;

export const createOrderSchema = z.object({
  customerName: requiredText(100),
  customerEmail: emailField(),
  customerPhone: requiredPhone(30),
  customerAddress: optionalText(300),
  business: businessDetailsSchema.optional().describe("A business buyer's details for its papers (a tax invoice where the store issues them); the tax id is checked by the order's store."),
  requirements: optionalText(5000, { multiline: true }),
  country: z.enum(COUNTRY_CODES, { error: V.invalidChoice }).optional(),
  sessionId: guestIdField(),
  // What identifies the goods (one of):
  selectedTemplate: z.object({ id: wholeNumber(SPEC_PACKAGE_TEMPLATE_ID, 10_000) }, { error: V.invalidType }).loose().optional()
    .describe("A template by its id (1-27); SPEC's package order sends id 0 with `packageName`. Its title, type, price and image are ignored."),
  packageId: plainText().max(40, { error: V.tooLong }).optional().describe('A package by its slug: social, delivery, ecommerce.'),
  serviceId: wholeNumber(1, 10_000).optional().describe('A service by its id (1-13).'),
  quantity: quantityField().optional(),
  fromCart: z.literal(true, { error: V.invalidType }).optional().describe("The caller's whole cart as one order (D23)."),
  packageName: optionalText(200).describe("With `selectedTemplate.id` 0 (SPEC's package order): the package's name in any of the store's languages, or its slug. Otherwise ignored."),
  // SPEC's fields the server does not use (D4: the server prices the order; the status, type and
  // method follow from the goods, the lifecycle and the payment step):
  isGuestOrder: ignored(z.boolean({ error: V.invalidType }).optional(), 'a guest is whoever calls without a session (D22).'),
  paymentMethod: ignored(optionalText(40), 'the method is chosen with POST /api/payments/start.'),
  orderType: ignored(optionalText(40), 'the type follows from the goods named.'),
  status: ignored(optionalText(40), 'a new order is pending (quote_review for a consultation, D3).'),
  currency: ignored(optionalText(10), "the store's currency is charged (D26)."),
  packagePrice: ignored(shownAmount, 'the server prices the order (D4).'),
  finalPrice: ignored(shownAmount, 'the server prices the order (D4); a different figure is only logged.'),
  amountKRW: ignored(shownAmount, 'the server prices the order (D4); a different figure is only logged.'),
  totalAmount: ignored(shownAmount, 'the server prices the order (D4); a different figure is only logged.'),
}).superRefine((v, ctx) => {
  const chosen = [v.selectedTemplate, v.packageId, v.serviceId, v.fromCart].filter((x) => x !== undefined).length;
  if (chosen !== 1) ctx.addIssue({ code: 'custom', path: ['item'], message: V.orderItem });
  // SPEC's package order without a package name names nothing.
  if (v.selectedTemplate?.id === SPEC_PACKAGE_TEMPLATE_ID && !v.packageName) ctx.addIssue({ code: 'custom', path: ['packageName'], message: V.required });
});

/**
 * The Idempotency-Key header of POST /api/orders: one per checkout attempt (the pages send a
 * random UUID), 8 to 255 visible ASCII characters, kept as sent.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{8,255}$/;
export const idempotencyKeyField = () => plainText({ trim: false }).regex(IDEMPOTENCY_KEY_PATTERN, { error: V.invalidType });

/** POST /api/orders/{number}/cancel: the customer's own cancel, with an optional reason (D21). */
export const cancelOrderSchema = z.object({ reason: optionalText(500, { multiline: true }), sessionId: guestIdField() });

/** The customer declines a quote (D28): why, for staff. */
export const declineQuoteSchema = z.object({ reason: requiredText(ORDER_MESSAGE_MAX, { multiline: true }), sessionId: guestIdField(), orderKey: optionalText(200) });

/** The customer asks staff about a quote (D28); the order stays quoted. */
export const quoteQuestionSchema = z.object({ message: requiredText(ORDER_MESSAGE_MAX, { multiline: true }), sessionId: guestIdField(), orderKey: optionalText(200) });

/** SPEC's two agreements (section 5), ticked before every payment: a checkout, "Pay now" and a quote alike. */
export const paymentAgreementsSchema = z.object({
  agreeTerms: z.literal(true, { error: V.agreementRequired }),
  agreePrivacy: z.literal(true, { error: V.privacyRequired }),
});

/** The checkout page's form (SPEC section 5): name, e-mail and phone required, both agreements ticked. */
export const checkoutFormSchema = z.object({
  customerName: requiredText(100),
  customerEmail: emailField(),
  customerPhone: requiredPhone(30),
  requirements: optionalText(5000, { multiline: true }),
  quantity: quantityField(),
  ...paymentAgreementsSchema.shape,
});

/**
 * A checkout form with its business fold (issue 34), the tax id checked by the store it is bought
 * in. The forms load this module only (one lazy chunk), hence the fold's schema is offered here too.
 */
export const checkoutFormSchemaIn = (country: CountryCode) =>
  // Checked with the rest of the form, not after it passes: every error shows at once.
  checkoutFormSchema.extend(businessFoldShape).superRefine(checkBusinessFold(country), { when: () => true });
export { businessFoldSchema };

export type CreateOrderInput = z.infer<typeof createOrderSchema>;
