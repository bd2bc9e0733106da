/**
 * The project brief payload of SPEC section 7 plus what D17 adds: the order it belongs to, and
 * the ids of files the caller uploaded. Service name, price and delivery time come from the order
 * or the catalog on the server; the page's values are only kept when nothing else knows them.
 */
import { z } from 'zod';
import { BRIEF_MAX_FILES, BRIEF_OPTIONS, hasChoice } from '../briefs.ts';
import { ORDER_NUMBER_PATTERN } from '../orders.ts';
import { V } from './messages.ts';
import { guestIdField } from './orders.ts';
import { emailField, optionalPhone, optionalText, plainText, requiredText, uuidField } from './schema-helpers.ts';

const choices = <T extends readonly [string, ...string[]]>(options: T) =>
  z.array(z.enum(options, { error: V.invalidChoice }), { error: V.invalidType }).max(options.length).default([])
    .transform((list) => [...new Set(list)]);

/** What the brief form holds: the rule "choose at least one" is checked here, for page and server. */
const briefFieldsSchema = z.object({
  style: choices(BRIEF_OPTIONS.style),
  colorTone: choices(BRIEF_OPTIONS.colorTone),
  usage: choices(BRIEF_OPTIONS.usage),
  additionalRequests: optionalText(5000, { multiline: true }),
  referenceNotes: optionalText(5000, { multiline: true }),
});

const atLeastOneChoice = <T extends { style: string[]; colorTone: string[]; usage: string[] }>(value: T, ctx: z.RefinementCtx) => {
  if (!hasChoice(value)) ctx.addIssue({ code: 'custom', path: ['style'], message: V.briefChoice });
};

/** The brief form of a customer, or of a guest writing the brief of an order they placed. */
export const briefFormSchema = briefFieldsSchema.superRefine(atLeastOneChoice);

/** Who to answer: a guest opening a consultation must give both (the server asks the same, briefs.service.ts). */
const briefContactFields = { customerName: requiredText(100), customerEmail: emailField() };

/** The brief form of a guest opening a consultation. */
export const guestBriefFormSchema = briefFieldsSchema.extend(briefContactFields).superRefine(atLeastOneChoice);

export const createBriefSchema = briefFieldsSchema.extend({
  /** The order the brief belongs to (its public number); without it, a consultation order is opened (D17). */
  orderId: plainText().regex(ORDER_NUMBER_PATTERN, { error: V.invalidType }).optional(),
  serviceId: z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1, { error: V.invalidChoice }).max(10_000, { error: V.invalidChoice }).optional(),
  // SPEC's descriptive fields: read from the order or the catalog when the server knows them.
  serviceName: optionalText(200),
  servicePrice: z.union([plainText().max(60, { error: V.tooLong }), z.number()], { error: V.invalidType }).optional(),
  deliveryTime: optionalText(100),
  uploadedFiles: z.array(uuidField(), { error: V.invalidType }).max(BRIEF_MAX_FILES, { error: V.tooMany }).default([])
    .transform((list) => [...new Set(list)]),
  sessionId: guestIdField(),
  /** The order's private link key (D22): a guest writes the brief from another browser. */
  orderKey: optionalText(200),
  // Who to answer, for a consultation a guest opens (a signed-in customer's come from the account).
  customerName: optionalText(100),
  customerEmail: emailField().optional(),
  customerPhone: optionalPhone(30),
}).superRefine((value, ctx) => {
  atLeastOneChoice(value, ctx);
  if (value.orderId === undefined && value.serviceId === undefined) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: V.required });
});
export type CreateBriefInput = z.infer<typeof createBriefSchema>;
