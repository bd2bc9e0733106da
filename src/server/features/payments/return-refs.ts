/**
 * The reference a payer's return carries for Toss (D32, issue 32 item 7): Toss's window sends the
 * payer back to the success URL the store gave it, with Toss's payment key, the order number and
 * the amount appended. The key and number alone would let anyone who knows an order number ask the
 * store to confirm against it, so the store's success URL carries `ref`, an HMAC of the order
 * number under the server's secret: a return that has it came through a start the store handed
 * out for that order. Stripe's session id and PayPal's order id already are such references (they
 * name an attempt the store started); the sandbox's keys are signed by the server.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ReturnRefs {
  refFor(orderNumber: string): string;
  verify(orderNumber: string, ref: string | undefined): boolean;
}

export function createReturnRefs(secret: string): ReturnRefs {
  const refFor = (orderNumber: string) => createHmac('sha256', `payment-return:${secret}`).update(orderNumber).digest('base64url').slice(0, 32);
  return {
    refFor,
    verify(orderNumber, ref) {
      if (!ref) return false;
      const expected = Buffer.from(refFor(orderNumber));
      const given = Buffer.from(ref);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
