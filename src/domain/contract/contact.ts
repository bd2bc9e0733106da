/** The contact form (SPEC section 7). */
import { z } from 'zod';
import { contactSchema } from '../validation/contact.ts';
import { errorAnswers, ok, route, storeHeaders, type Answer } from './http.ts';

export const sendContact = route({
  operationId: 'sendContact',
  description: 'Kept for staff (the overview counts unhandled ones) and mailed to the studio. Limited per client (429).',
  headers: storeHeaders,
  summary: 'Send a message to the studio', tags: ['contact'],
  body: contactSchema.meta({ examples: [{ name: '김민수', email: 'minsu@example.com', company: '민수네 베이커리', service: 'consultation', message: '신메뉴 촬영 견적을 받고 싶어요.' }] }),
  response: { 201: ok({ id: z.uuid(), message: z.string() }), ...errorAnswers(400, 429) },
});

export type ContactSent = Answer<typeof sendContact, 201>;
