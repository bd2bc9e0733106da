/**
 * Public order numbers (issue 16, item 17; docs/decisions/0021): short enough to read over the
 * phone, `SL-2611-4827-316`. After the prefix come the year and month of the order in Korea time
 * (D19), six random digits and a check digit (Damm's algorithm, which catches every single wrong
 * digit and every swap of two neighbours, the usual slips of a number read out or typed). Digits
 * only: nothing in the number looks like something else (no O for 0, I or L for 1, S for 5, Z for
 * 2, B for 8), and what staff type loosely is read back to it (`orderNumberCandidates`).
 *
 * A number is a name, never a key: access to an order rests on its owner, the guest id that placed
 * it, its private link's key or a staff role (domain/order-access.ts). Numbers made before this
 * rule (`SL-` and 24 random characters) stay valid everywhere.
 */

const ORDER_NUMBER_PREFIX = 'SL';

/** Random digits per number: a million a month, so a collision (retried by the store) is rare. */
const ORDER_NUMBER_RANDOM_DIGITS = 6;

/** A number of today's form: `SL-` yymm `-` four digits `-` two digits and the check digit. */
export const SHORT_ORDER_NUMBER_PATTERN = /^SL-\d{4}-\d{4}-\d{3}$/;

/** Damm's quasigroup of order 10: a digit string is valid when its interim digit ends at 0. */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/** The check digit of a string of digits (Damm). */
export function checkDigit(digits: string): string {
  let interim = 0;
  for (const char of digits) interim = DAMM[interim]![Number(char)]!;
  return String(interim);
}

/** Whether a string of digits ends with its own check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && checkDigit(digits) === '0';
}

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** yymm of a moment in Korea time (UTC+9 all year, D19). */
export function koreaYearMonth(at: Date): string {
  const korea = new Date(at.getTime() + KOREA_OFFSET_MS);
  return `${String(korea.getUTCFullYear() % 100).padStart(2, '0')}${String(korea.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Random 32-bit words from the platform's CSPRNG (Node and browsers alike), drawn 256 at a time:
 * each call into it costs far more than the words (issue 17: one call per order was 2-3% of the
 * order path's CPU). A word is used once and never again.
 */
const pool = new Uint32Array(256);
let next = pool.length;

function randomWord(): number {
  if (next === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** Uniform random digits. */
function randomDigits(count: number): string {
  const limit = 4_000_000_000; // a multiple of 10 below 2^32: no digit is likelier than another
  let digits = '';
  while (digits.length < count) {
    const word = randomWord();
    if (word < limit) digits += String(word % 10);
  }
  return digits;
}

/** The canonical number of yymm and the random digits (the check digit is added). */
function formatted(body: string): string {
  const full = body + checkDigit(body);
  return `${ORDER_NUMBER_PREFIX}-${full.slice(0, 4)}-${full.slice(4, 8)}-${full.slice(8)}`;
}

const RANDOM_PART = new RegExp(`^\\d{${ORDER_NUMBER_RANDOM_DIGITS}}$`);

/** A new order number for an order placed at `at`; the store retries with another on a collision. */
export function newOrderNumber(at: Date = new Date(), random: (count: number) => string = randomDigits): string {
  const digits = random(ORDER_NUMBER_RANDOM_DIGITS);
  if (!RANDOM_PART.test(digits)) throw new Error('order number: random part must be digits');
  return formatted(koreaYearMonth(at) + digits);
}

/** Letters typed for the digits they look like (the number itself has no letters). */
const LOOK_ALIKES: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };

const DIGITS_OF_A_NUMBER = 4 + ORDER_NUMBER_RANDOM_DIGITS + 1;

/**
 * A number of today's form as typed by a person: any case, with or without the `SL` prefix, with
 * dashes, spaces, dots or nothing between the groups, letters that look like digits read as those
 * digits. Null when it is not one (wrong length or a check digit that does not match: a slip).
 */
export function parseShortOrderNumber(typed: string): string | null {
  let text = typed.normalize('NFKC').trim().toUpperCase();
  text = text.replace(/^SL(?=[\s\-–—_.#:]*[\dOQDILZSGB])/, '');
  if (/[^\dOQDILZSGB\s\-–—_.#:]/.test(text)) return null;
  const digits = text.replace(/[\s\-–—_.#:]/g, '').replace(/[OQDILZSGB]/g, (c) => LOOK_ALIKES[c]!);
  if (digits.length !== DIGITS_OF_A_NUMBER || !hasValidCheckDigit(digits)) return null;
  return formatted(digits.slice(0, -1));
}

/** The old form, `SL-` and 24 characters of base64url (144 random bits), still found as stored. */
const LEGACY_BODY = /^[A-Za-z0-9_-]{24}$/;

/**
 * The stored numbers a search text may mean: the text as typed (an old number is exact, case and
 * all), an old number pasted without its prefix, and the canonical form of a loosely typed number
 * of today's form. At most three, compared with the number's unique index.
 */
export function orderNumberCandidates(typed: string): string[] {
  const text = typed.trim();
  if (!text) return [];
  const candidates = new Set<string>([text]);
  if (LEGACY_BODY.test(text)) candidates.add(`${ORDER_NUMBER_PREFIX}-${text}`);
  const short = parseShortOrderNumber(text);
  if (short) candidates.add(short);
  return [...candidates];
}
