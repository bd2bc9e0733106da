/** Staff are told of a new contact message by e-mail, in staff's language (D19), whatever the customer wrote in. */
import type { Language } from '../../../domain/countries.ts';
import { LANGUAGE_NAMES } from '../../../i18n/config.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose, STAFF_LANGUAGE } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export function staffContactMail(contact: { name: string; email: string; message: string; language: string | null; service: string }, to: string, origin: string): MailMessage {
  const t = translatorFor(STAFF_LANGUAGE, 'admin');
  const language = contact.language && contact.language in LANGUAGE_NAMES ? LANGUAGE_NAMES[contact.language as Language] : '—';
  return compose({
    to,
    lang: STAFF_LANGUAGE,
    subject: t('mail.contactSubject', { name: contact.name }),
    greeting: t('mail.contactBody', { name: contact.name, email: contact.email, language }),
    paragraphs: [contact.message],
    button: { label: t('mail.open'), href: `${origin}/kr/admin?tab=inbox&handled=false` },
    footnotes: [],
    signature: t('mail.signature'),
  });
}
