/** Account e-mails in the visitor's language, as plain text and simple HTML. */
import type { Language } from '../../../domain/countries.ts';
import { COMPANY } from '../../../domain/site.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface MailParts {
  to: string;
  lang: Language;
  subject: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  footnotes: string[];
  signature: string;
}

function compose(parts: MailParts): MailMessage {
  const text = [parts.greeting, '', ...parts.paragraphs.flatMap((p) => [p, '']), ...(parts.button ? [parts.button.href, ''] : []), ...parts.footnotes, '', parts.signature];
  const html = `<!doctype html><html lang="${parts.lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.button ? `<p><a href="${escapeHtml(parts.button.href)}" style="display:inline-block;background:#15803d;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(parts.button.label)}</a></p>` : ''}
<p style="font-size:13px;color:#475569">${parts.footnotes.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(parts.signature)}</p>
</body></html>`;
  return { to: parts.to, subject: parts.subject, text: text.join('\n'), html };
}

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
