import type { Language } from '../../../domain/countries.ts';
import { translatorFor } from '../../../i18n/translator.server.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The password reset e-mail in the visitor's language, as plain text and simple HTML. */
export function resetMail(to: string, name: string, link: string, lang: Language): MailMessage {
  const t = translatorFor(lang, 'mail');
  const lines = [t('reset.greeting', { name }), '', t('reset.body'), '', link, '', t('reset.expires'), t('reset.ignore'), '', t('reset.signature')];
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(t('reset.greeting', { name }))}</p>
<p>${escapeHtml(t('reset.body'))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#15803d;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(t('reset.button'))}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(t('reset.expires'))}<br>${escapeHtml(t('reset.ignore'))}</p>
<p>${escapeHtml(t('reset.signature'))}</p>
</body></html>`;
  return { to, subject: t('reset.subject'), text: lines.join('\n'), html };
}
