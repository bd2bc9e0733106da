/**
 * Erasing a customer's data (issue 36): the account from My Page (its password, or a recent Google
 * sign-in), or one order through its private link (the address it was placed with, typed again).
 * Either way, the person ticks that they read what goes and what the tax law keeps.
 */
import { z } from 'zod';
import { ORDER_KEY_PATTERN } from '../orders.ts';
import { currentPassword } from './accounts.ts';
import { V } from './messages.ts';
import { emailField, plainText } from './schema-helpers.ts';

const confirmed = () => z.literal(true, { error: V.erasureConfirm }).describe('The person ticked that they read what is deleted and what is kept.');

/** POST /api/account/erase. */
export const eraseAccountSchema = z.object({
  currentPassword: currentPassword('Proves it is the account\'s owner.'),
  confirm: confirmed(),
});

/** POST /api/orders/:orderId/erase. */
export const eraseOrderSchema = z.object({
  orderKey: plainText().regex(ORDER_KEY_PATTERN, { error: V.invalidType }).describe("The private link's key (base64url)."),
  email: emailField().describe('The e-mail address the order was placed with, typed again.'),
  confirm: confirmed(),
});

export type EraseAccountInput = z.infer<typeof eraseAccountSchema>;
export type EraseOrderInput = z.infer<typeof eraseOrderSchema>;
