/** Files and briefs as every answer shows them (SPEC section 7): shared by uploads, briefs, orders and staff. */
import { z } from 'zod';
import { DELIVERABLE_PURPOSES } from '../deliverables.ts';
import { BRIEF_STATUSES } from '../statuses.ts';

export const fileSchema = z.object({
  id: z.uuid(),
  name: z.string().describe('The name it was uploaded with.'),
  size: z.number().int().describe('Bytes.'),
  type: z.string().describe('Its MIME type, recognised from its content (D14).'),
  url: z.string().describe('GET /uploads/{name}, with the private link\'s key for readers without a session.'),
  previewUrl: z.string().nullable().describe('A WebP thumbnail, for images.'),
  sha256: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** A file staff delivered: a draft or the final work. */
export const deliverableSchema = fileSchema.extend({ purpose: z.enum(DELIVERABLE_PURPOSES) });

export const briefSchema = z.object({
  id: z.uuid(),
  orderId: z.string().describe("The order's public number."),
  serviceId: z.number().int().nullable(),
  serviceName: z.string(),
  servicePrice: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  style: z.array(z.string()),
  colorTone: z.array(z.string()),
  usage: z.array(z.string()),
  additionalRequests: z.string().nullable(),
  referenceNotes: z.string().nullable(),
  status: z.enum(BRIEF_STATUSES),
  uploadedFiles: z.array(fileSchema),
  createdAt: z.iso.datetime({ offset: true }),
});

export type FileAnswer = z.infer<typeof fileSchema>;
export type DeliverableAnswer = z.infer<typeof deliverableSchema>;
export type BriefAnswer = z.infer<typeof briefSchema>;
