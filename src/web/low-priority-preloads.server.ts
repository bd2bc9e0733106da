/**
 * Marks React Router's `<link rel="modulepreload">` hints as low priority while the HTML streams
 * out. On a slow connection the document's content and its hero image then get the bandwidth
 * first, and the hydration code follows (docs/decisions/0007). React Router offers no prop for
 * this, so the rewrite happens here; a match split across two chunks is carried over.
 */
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

const NEEDLE = '<link rel="modulepreload"';
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"';

export function lowPriorityModulePreloads(): Transform {
  let carry = '';
  // Decodes across chunk boundaries, so a character split between two chunks stays whole.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      // Keep back what could be the start of a needle cut off by the chunk boundary.
      let keep = 0;
      for (let n = Math.min(NEEDLE.length - 1, text.length); n > 0; n--) {
        if (NEEDLE.startsWith(text.slice(text.length - n))) {
          keep = n;
          break;
        }
      }
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(NEEDLE, REPLACEMENT));
    },
    flush(callback) {
      callback(null, (carry + decoder.end()).replaceAll(NEEDLE, REPLACEMENT));
    },
  });
}
