/**
 * What the conversation endpoints accept (issue 35): a message's text and the files it carries
 * (ids from POST /api/uploads, under the brief's reference rules), who the guest or private link is,
 * and the last message a reader has seen.
 */
import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from '../conversation.ts';
import { UPLOAD_MAX_FILES } from '../uploads.ts';
import { V } from './messages.ts';
import { guestIdField } from './orders.ts';
import { optionalText, requiredText, uuidField } from './schema-helpers.ts';

/** A guest names their browser; a private link's holder its key (D22), as every customer route takes them. */
const customerSide = { sessionId: guestIdField(), orderKey: optionalText(200) };

const messageFields = {
  body: requiredText(MESSAGE_MAX_CHARS, { multiline: true }),
  files: z.array(uuidField(), { error: V.invalidType }).max(UPLOAD_MAX_FILES, { error: V.tooMany }).default([]),
};

export const customerMessageSchema = z.object({ ...messageFields, ...customerSide });

/** Staff write to the customer, or a note only staff will ever read. */
export const staffMessageSchema = z.object({ ...messageFields, private: z.boolean({ error: V.invalidType }).default(false) });

/** A message's place in the order's stream; reading up to it marks everything before it read too. */
const seqField = () => z.number({ error: V.invalidType }).int({ error: V.invalidType }).min(0, { error: V.invalidType }).max(Number.MAX_SAFE_INTEGER, { error: V.invalidType });

export const customerReadSchema = z.object({ seq: seqField(), ...customerSide });
export const staffReadSchema = z.object({ seq: seqField() });

/** A page of the thread: messages after `after`, oldest first. */
export const messagesQuerySchema = z.object({
  after: z.coerce.number({ error: V.invalidType }).int({ error: V.invalidType }).min(0, { error: V.invalidType }).max(Number.MAX_SAFE_INTEGER, { error: V.invalidType }).default(0),
  limit: z.coerce.number({ error: V.invalidType }).int({ error: V.invalidType }).min(1, { error: V.invalidType }).max(200, { error: V.invalidType }).default(100),
});
