/** The one layout of our e-mails: greeting, paragraphs, an optional table and button, footnotes; text and HTML. */
import type { Language } from '../../domain/countries.ts';
import type { MailMessage } from './mailer.ts';

/** Staff read their mail in Korean, the company's language (D19), whatever the customer wrote in. */
export const STAFF_LANGUAGE: Language = 'ko';

/** Text made safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface MailParts {
  to: string;
  lang: Language;
  subject: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  /** Rows of a table (label, value) after the paragraphs, e.g. the lines of an order. */
  table?: Array<[string, string]>;
  footnotes: string[];
  signature: string;
}

export function compose(parts: MailParts): MailMessage {
  const rows = parts.table ?? [];
  const text = [parts.greeting, '', ...parts.paragraphs.flatMap((p) => [p, '']), ...(rows.length ? [...rows.map(([label, value]) => `${label}: ${value}`), ''] : []), ...(parts.button ? [parts.button.href, ''] : []), ...parts.footnotes, '', parts.signature];
  const html = `<!doctype html><html lang="${parts.lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => (p.includes('\n') ? `<p style="white-space:pre-line">${escapeHtml(p)}</p>` : `<p>${escapeHtml(p)}</p>`)).join('\n')}
${rows.length ? `<table style="border-collapse:collapse;margin:8px 0 16px">${rows.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`).join('')}</table>` : ''}
${parts.button ? `<p><a href="${escapeHtml(parts.button.href)}" style="display:inline-block;background:#15803d;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(parts.button.label)}</a></p>` : ''}
<p style="font-size:13px;color:#475569">${parts.footnotes.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(parts.signature)}</p>
</body></html>`;
  return { to: parts.to, subject: parts.subject, text: text.join('\n'), html };
}

