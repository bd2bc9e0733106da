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
import { V } from './messages.ts';
import { emailField, optionalText, plainText, requiredPhone, requiredText } from './schema-helpers.ts';

/** A whole number, also when it arrives as a numeric string (SPEC: cart quantity). */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(min, { error: V.quantity }).max(max, { error: V.quantity }),
  );

/** The guest id (D22): absent for signed-in callers. */
export const guestIdField = () => plainText().regex(GUEST_ID_PATTERN, { error: V.invalidType }).optional();

const quantityField = () => wholeNumber(MIN_QUANTITY, MAX_QUANTITY);

export const cartAddSchema = z.object({
  templateId: wholeNumber(1, 10_000),
  quantity: quantityField().optional().default(1),
  sessionId: guestIdField(),
});

export const cartMergeSchema = z.object({ sessionId: plainText({ typeError: V.required }).regex(GUEST_ID_PATTERN, { error: V.invalidType }) });

/** A number or numeric text a page showed; compared with the server's figure, never used. */
const shownAmount = z.union([z.number(), plainText().max(40, { error: V.tooLong })]).optional();

export const createOrderSchema = z.object({
  customerName: requiredText(100),
  customerEmail: emailField(),
  customerPhone: requiredPhone(30),
  customerAddress: optionalText(300),
  requirements: optionalText(5000, { multiline: true }),
  country: z.enum(COUNTRY_CODES, { error: V.invalidChoice }).optional(),
  sessionId: guestIdField(),
  isGuestOrder: z.boolean({ error: V.invalidType }).optional(),
  paymentMethod: optionalText(40),
  orderType: optionalText(40),
  // What identifies the goods (one of):
  selectedTemplate: z.object({ id: wholeNumber(1, 10_000) }, { error: V.invalidType }).loose().optional(),
  packageId: plainText().max(40, { error: V.tooLong }).optional(),
  serviceId: wholeNumber(1, 10_000).optional(),
  quantity: quantityField().optional(),
  fromCart: z.literal(true, { error: V.invalidType }).optional(),
  // What the page showed (SPEC's fields), compared and logged only:
  finalPrice: shownAmount,
  amountKRW: shownAmount,
  totalAmount: shownAmount,
  packagePrice: shownAmount,
  packageName: optionalText(200),
  currency: optionalText(10),
  status: optionalText(40),
}).superRefine((v, ctx) => {
  const chosen = [v.selectedTemplate, v.packageId, v.serviceId, v.fromCart].filter((x) => x !== undefined).length;
  if (chosen !== 1) ctx.addIssue({ code: 'custom', path: ['item'], message: V.orderItem });
});

/**
 * The Idempotency-Key header of POST /api/orders: one per checkout attempt (the pages send a
 * random UUID), 8 to 255 visible ASCII characters, kept as sent.
 */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{8,255}$/;
export const idempotencyKeyField = () => plainText({ trim: false }).regex(IDEMPOTENCY_KEY_PATTERN, { error: V.invalidType });

/** POST /api/orders/{number}/cancel: the customer's own cancel, with an optional reason (D21). */
export const cancelOrderSchema = z.object({ reason: optionalText(500, { multiline: true }), sessionId: guestIdField() });

/** The customer declines a quote (D28): why, for staff. */
export const declineQuoteSchema = z.object({ reason: requiredText(ORDER_MESSAGE_MAX, { multiline: true }), sessionId: guestIdField(), orderKey: optionalText(200) });

/** The customer asks staff about a quote (D28); the order stays quoted. */
export const quoteQuestionSchema = z.object({ message: requiredText(ORDER_MESSAGE_MAX, { multiline: true }), sessionId: guestIdField(), orderKey: optionalText(200) });

/** The checkout page's form (SPEC section 5): name, e-mail and phone required, both agreements ticked. */
export const checkoutFormSchema = z.object({
  customerName: requiredText(100),
  customerEmail: emailField(),
  customerPhone: requiredPhone(30),
  requirements: optionalText(5000, { multiline: true }),
  quantity: quantityField(),
  agreeTerms: z.literal(true, { error: V.agreementRequired }),
  agreePrivacy: z.literal(true, { error: V.privacyRequired }),
});

export type CreateOrderInput = z.infer<typeof createOrderSchema>;
