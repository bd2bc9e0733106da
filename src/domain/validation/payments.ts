/**
 * Payment payloads (issue 14): starting a payment with one of the store's choices, and confirming
 * a return in SPEC's Toss shape or by Stripe's or PayPal's own reference.
 */
import { z } from 'zod';
import { ORDER_NUMBER_PATTERN } from '../orders.ts';
import { PAYMENT_CHOICES, SANDBOX_CARD_CHOICES } from '../payments.ts';
import { V } from './messages.ts';
import { guestIdField, wholeNumber } from './orders.ts';
import { plainText } from './schema-helpers.ts';

export { SANDBOX_CARD_CHOICES };

const orderNumber = () => plainText({ typeError: V.required }).regex(ORDER_NUMBER_PATTERN, { error: V.invalidType });
/** The private link's key (D22): a guest pays, or comes back from paying, in another browser with it. */
const orderKeyField = () => plainText().max(200, { error: V.tooLong }).optional();

export const startPaymentSchema = z.object({
  orderId: orderNumber(),
  provider: z.enum(PAYMENT_CHOICES, { error: V.invalidChoice }),
  sessionId: guestIdField(),
  orderKey: orderKeyField(),
  testCard: z.enum(SANDBOX_CARD_CHOICES, { error: V.invalidChoice }).optional(),
});

/** The amount the provider's window returned with: a number, or its digits as Toss's return address carries them. */
const wholeAmount = wholeNumber(0, 1_000_000_000_000, V.invalidType);

/** SPEC's shape (Toss's widget, the sandbox): what the provider's window returned with. */
export const widgetConfirmSchema = z.object({
  orderId: orderNumber(),
  paymentKey: plainText().min(1).max(200),
  amount: wholeAmount,
  provider: z.enum(['toss', 'sandbox'], { error: V.invalidChoice }).optional(),
  sessionId: guestIdField(),
  orderKey: orderKeyField(),
  /** The reference the store put in the success URL it gave Toss's widget (issue 32): proves the return is the payer's. */
  ref: plainText().max(64, { error: V.tooLong }).optional(),
});

export const stripeConfirmSchema = z.object({
  orderId: orderNumber(),
  provider: z.literal('stripe'),
  checkoutSessionId: plainText({ typeError: V.required }).regex(/^cs_[A-Za-z0-9_]{4,250}$/, { error: V.invalidType }),
  sessionId: guestIdField(),
  orderKey: orderKeyField(),
});

export const paypalConfirmSchema = z.object({
  orderId: orderNumber(),
  provider: z.literal('paypal'),
  paypalOrderId: plainText({ typeError: V.required }).regex(/^[A-Za-z0-9-]{5,64}$/, { error: V.invalidType }),
  sessionId: guestIdField(),
  orderKey: orderKeyField(),
});
