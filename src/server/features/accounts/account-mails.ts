/** Account e-mails in the visitor's language, as plain text and simple HTML. */
import type { Language } from '../../../domain/countries.ts';
import { COMPANY } from '../../../domain/site.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import { compose } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** The password reset e-mail, with its one-hour link. */
export function resetMail(to: string, name: string, link: string, lang: Language): MailMessage {
  const t = translatorFor(lang, 'mail');
  return compose({
    to, lang, subject: t('reset.subject'), greeting: t('reset.greeting', { name }), paragraphs: [t('reset.body')],
    button: { label: t('reset.button'), href: link }, footnotes: [t('reset.expires'), t('reset.ignore')], signature: t('reset.signature'),
  });
}

/** Sent to the old address when an account's e-mail changes, so a takeover does not go unnoticed. */
export function emailChangedMail(to: string, name: string, newEmail: string, lang: Language): MailMessage {
  const t = translatorFor(lang, 'mail');
  return compose({
    to, lang, subject: t('emailChanged.subject'), greeting: t('reset.greeting', { name }),
    paragraphs: [t('emailChanged.body', { email: newEmail })], footnotes: [t('emailChanged.notYou', { support: COMPANY.email })], signature: t('reset.signature'),
  });
}

/** Sent when the password changes from My Page. */
export function passwordChangedMail(to: string, name: string, lang: Language): MailMessage {
  const t = translatorFor(lang, 'mail');
  return compose({
    to, lang, subject: t('passwordChanged.subject'), greeting: t('reset.greeting', { name }),
    paragraphs: [t('passwordChanged.body')], footnotes: [t('emailChanged.notYou', { support: COMPANY.email })], signature: t('reset.signature'),
  });
}

/**
 * The confirmation of an erasure (issue 36), sent once to the address that was just erased: what
 * went, what the tax law keeps, and that no mail follows. Built from memory; no outbox row keeps it.
 */
export function accountErasedMail(to: string, name: string, lang: Language, orderNumber: string | null): MailMessage {
  const t = translatorFor(lang, 'mail');
  return compose({
    to, lang, subject: orderNumber ? t('erased.subjectOrder', { order: orderNumber }) : t('erased.subject'), greeting: t('reset.greeting', { name }),
    paragraphs: [orderNumber ? t('erased.order', { order: orderNumber }) : t('erased.account'), t('erased.kept')],
    footnotes: [t('erased.last'), t('emailChanged.notYou', { support: COMPANY.email })], signature: t('reset.signature'),
  });
}
