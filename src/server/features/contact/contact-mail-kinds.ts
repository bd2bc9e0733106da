/** The mail the contact form queues: staff told of a new message. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { contactSubmissions } from '../../db/schema.ts';
import { mailKind } from '../../mail/mail-kinds.ts';
import { staffContactMail } from './contact-mails.ts';

export const contactMailKinds = {
  staff_contact: mailKind({
    payload: z.object({ contactId: z.uuid() }),
    build: async (row, batch) => {
      const [contact] = await batch.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, row.payload.contactId));
      if (!contact) throw new Error('the contact message of this mail no longer exists');
      return staffContactMail(contact, await batch.staffTo(), batch.origin);
    },
  }),
};
