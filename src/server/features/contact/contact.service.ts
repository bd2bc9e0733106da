import type { Database } from '../../db/client.ts';
import { contactSubmissions, mailOutbox } from '../../db/schema.ts';
import type { ContactInput } from '../../../domain/validation/contact.ts';

interface ContactContext {
  country: string | null;
  language: string;
}

/** Stores a contact message with the e-mail that tells staff; they read it in the staff area's inbox. */
export async function saveContactSubmission(db: Database, input: ContactInput, context: ContactContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    await tx.insert(mailOutbox).values({ kind: 'staff_contact', payload: { contactId: row.id } });
    return row;
  });
}
