import { FifoMap } from 'toad-cache';

/** The tags of an Accept-Language header, most preferred first (q-values honoured, q=0 and * dropped). */
function parse(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * Every API call and page reads this header, and browsers send a few distinct texts: each is parsed
 * once. The cache keeps the 500 newest texts of ordinary length, so odd or hostile headers cannot
 * grow it.
 */
const parsed = new FifoMap<readonly string[]>(500);
const LONGEST_CACHED = 200;

/** The tags of an Accept-Language header, most preferred first (q-values honoured, q=0 and * dropped). */
export function acceptedLanguageTags(header: string | undefined): readonly string[] {
  if (!header) return [];
  if (header.length > LONGEST_CACHED) return parse(header);
  let tags = parsed.get(header);
  if (!tags) {
    tags = Object.freeze(parse(header));
    parsed.set(header, tags);
  }
  return tags;
}
