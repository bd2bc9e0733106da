/** What the deliverable endpoints accept (issue 9): the purpose of staff's files, the customer's review. */
import { z } from 'zod';
import { DELIVERABLE_PURPOSES } from '../deliverables.ts';
import { V } from './messages.ts';
import { guestIdField } from './orders.ts';
import { optionalText, requiredText } from './schema-helpers.ts';

export const deliverableQuerySchema = z.object({
  purpose: z.enum(DELIVERABLE_PURPOSES, { error: V.invalidChoice }),
});

/** The order's private link key (D22) lets a guest in another browser answer too. */
const reviewer = { sessionId: guestIdField(), orderKey: optionalText(200) };

export const approveDraftSchema = z.object(reviewer);

export const revisionRequestSchema = z.object({
  ...reviewer,
  /** What should change: staff work from this. */
  note: requiredText(2000, { multiline: true }),
});
