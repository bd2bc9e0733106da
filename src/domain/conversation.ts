/**
 * One conversation per order (D34, issue 35): what a message is, what the order's own entries say,
 * and how a message's text becomes links. The thread reads as the order's story: text from the
 * customer's side and from staff, staff's private notes (never shown to a customer), and system
 * entries written with each status change by the lifecycle (D30), in one stream ordered by `seq`.
 */

/** A message's text: up to this many characters, line breaks kept. */
export const MESSAGE_MAX_CHARS = 4000;

/** `text` is written by a person; `system` is the order's own entry (paid, quote sent, ...). */
export const MESSAGE_KINDS = ['text', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Who a message comes from: the customer's side (the buyer or the private link), staff, or the order itself. */
export const MESSAGE_SIDES = ['customer', 'staff', 'system'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** The two sides that read a conversation and are counted unread for what the other wrote. */
export const READER_SIDES = ['customer', 'staff'] as const;
export type ReaderSide = (typeof READER_SIDES)[number];

/** A private message is staff's note: staff alone ever read it, through the API, the stream, mail or its files. */
export const MESSAGE_VISIBILITIES = ['public', 'private'] as const;
export type MessageVisibility = (typeof MESSAGE_VISIBILITIES)[number];

/**
 * Where a text came from when it was not written in the thread itself: a question about a quote,
 * the reason for declining one, a revision request, staff's comment through the SPEC's comments
 * field. The thread shows it with that label.
 */
export const MESSAGE_CONTEXTS = ['quote_question', 'quote_decline', 'revision_request', 'staff_comment'] as const;
export type MessageContext = (typeof MESSAGE_CONTEXTS)[number];

/**
 * What a system entry says happened. Each lifecycle step names its entry (`entry` in
 * domain/lifecycle.ts); deliveries that change no status and refunds write theirs where they happen.
 */
export const SYSTEM_EVENTS = [
  'paid',
  'payment_expired',
  'cancelled',
  'status_changed',
  'quote_sent',
  'quote_declined',
  'quote_expired',
  'draft_delivered',
  'files_delivered',
  'draft_approved',
  'revision_requested',
  'refunded',
] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export type TextPart = { text: string } | { url: string; text: string };

// A link starts at a word's start with http(s):// or www. and runs to the next space or angle
// bracket; nothing else (javascript:, data:, mailto:) becomes one.
const LINK = /(?<![\p{L}\p{N}@/.])(?:https?:\/\/|www\.)[^\s<>"]+/giu;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?'"”’)\]}>。、，！？）」』】]+$/u;

function closingBracketsKept(url: string, cut: string): string {
  // "(see https://example.com/a_(b))": keep a closing bracket the address itself opened.
  let kept = url;
  for (const ch of cut) {
    const open = ch === ')' ? '(' : ch === ']' ? '[' : ch === '}' ? '{' : null;
    if (open === null) break;
    const opens = kept.split(open).length - 1;
    const closes = kept.split(ch).length - 1;
    if (opens > closes) kept += ch;
    else break;
  }
  return kept;
}

/**
 * A message's text as plain parts and links, in order, together exactly the text. Only http(s)
 * addresses and www. names become links (www. ones get https://); the caller renders text as text,
 * never as HTML, so `<b>` or `javascript:alert(1)` stay words.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const raw = match[0];
    const cut = TRAILING.exec(raw)?.[0] ?? '';
    const shown = closingBracketsKept(raw.slice(0, raw.length - cut.length), cut);
    const address = shown.toLowerCase().startsWith('www.') ? `https://${shown}` : shown;
    if (!isLinkable(address)) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ url: address, text: shown });
    at = start + shown.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

function isLinkable(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}
