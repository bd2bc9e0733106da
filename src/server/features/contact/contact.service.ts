import type { Database } from '../../db/client.ts';
import { contactSubmissions } from '../../db/schema.ts';
import type { ContactInput } from '../../../domain/validation/contact.ts';

export interface ContactContext {
  country: string | null;
  language: string;
}

/** Stores a contact message; staff read them in the admin area. */
export async function saveContactSubmission(db: Database, input: ContactInput, context: ContactContext) {
  const [row] = await db
    .insert(contactSubmissions)
    .values({
      name: input.name,
      email: input.email,
      company: input.company ?? null,
      service: input.service,
      message: input.message,
      country: context.country,
      language: context.language,
    })
    .returning({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt });
  if (!row) throw new Error('insert returned no row');
  return row;
}
