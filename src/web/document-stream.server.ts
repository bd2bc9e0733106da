/**
 * The last step a server-rendered page takes before it leaves the renderer, on bytes:
 *
 * - React Router's `<link rel="modulepreload">` hints are marked low priority, so on a slow
 *   connection the document's content and its hero image get the bandwidth first and the
 *   hydration code follows (docs/decisions/0007). React Router offers no prop for this.
 * - `head` (a script that must run before the body is parsed, decision 0046) goes right after
 *   the first `<head>`, once.
 * - `tail()` (the messages block, docs/decisions/0025) goes just before `</body></html>`: parts
 *   of a page that stream in late may read messages the first part did not.
 * - React writes a page as many 2 KB chunks in one synchronous pass; they are handed on as one
 *   chunk per pass (at the next turn of the event loop), so the layers below (web streams, the
 *   compressor, the socket) do their per-chunk work a few times per page instead of dozens.
 *
 * It works on bytes, never decoding the page into text and encoding it again: the needles are
 * ASCII, so a match cannot begin inside a multi-byte character (issue 17: the two text-based
 * transforms this replaces took about a tenth of a page's server time).
 */
import { Transform } from 'node:stream';

const NEEDLE = Buffer.from('<link rel="modulepreload"');
const REPLACEMENT = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const END = Buffer.from('</body></html>');
const HEAD = Buffer.from('<head>');
/** Bytes held back at the end of what has arrived: the start of a needle or of `END` cut off by a chunk boundary. */
const HOLD = Math.max(NEEDLE.length, END.length) - 1;

/** `bytes[from, to)` with every needle that starts before `to` replaced; returns the parts and where the last one ends. */
function replaceNeedles(bytes: Buffer, to: number, parts: Buffer[]): number {
  let from = 0;
  for (let at = bytes.indexOf(NEEDLE); at !== -1 && at < to; at = bytes.indexOf(NEEDLE, from)) {
    parts.push(bytes.subarray(from, at), REPLACEMENT);
    from = at + NEEDLE.length;
  }
  if (from < to) {
    parts.push(bytes.subarray(from, to));
    return to;
  }
  return from;
}

/** `bytes` with `head` put right after the first `<head>` in it, and where the tag was; null when there is none yet. */
function withHead(bytes: Buffer, head: Buffer): { bytes: Buffer; at: number } | null {
  const at = bytes.indexOf(HEAD);
  if (at === -1) return null;
  const after = at + HEAD.length;
  return { bytes: Buffer.concat([bytes.subarray(0, after), head, bytes.subarray(after)]), at };
}

export interface DocumentStreamOptions {
  /** HTML to put right after the first `<head>`, once. */
  head?: string;
  /** HTML to put before `</body></html>` (or at the very end, if the document has none), asked for when the render has ended. */
  tail: () => string;
  /** Called once the whole document has been written to this stream. */
  onEnd?: () => void;
}

export function documentStream({ head, tail, onEnd }: DocumentStreamOptions): Transform {
  /** The head's bytes until they have been put in. */
  let headLeft: Buffer | null = head ? Buffer.from(head) : null;
  let held: Buffer = Buffer.alloc(0);
  let pending: Buffer[] = [];
  let scheduled = false;

  const toBuffer = (chunk: Buffer | Uint8Array | string) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

  /** Everything that arrived since the last hand-over, less the bytes held back, as one chunk. */
  function handOver(stream: Transform): void {
    scheduled = false;
    if (pending.length === 0) return;
    let bytes = pending.length === 1 && held.length === 0 ? pending[0]! : Buffer.concat([held, ...pending]);
    pending = [];
    let to = Math.max(0, bytes.length - HOLD);
    if (headLeft) {
      // Every byte of the tag has arrived when it is found; it is put in even where it reaches into
      // the bytes held back, and the pass hands on up to the end of what it put in.
      // A tag cut off at the end is in the bytes held back (HOLD is longer), found whole next time.
      const headed = withHead(bytes, headLeft);
      if (headed) {
        to = Math.max(to, headed.at + HEAD.length) + headLeft.length;
        bytes = headed.bytes;
        headLeft = null;
      }
    }
    const parts: Buffer[] = [];
    const end = replaceNeedles(bytes, to, parts);
    held = bytes.subarray(end);
    if (parts.length) stream.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }

  return new Transform({
    transform(chunk: Buffer | Uint8Array | string, _encoding, callback) {
      pending.push(toBuffer(chunk));
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => handOver(this));
      }
      callback();
    },
    // Called when the renderer has written the whole document (a `final` option would replace the one that calls this).
    flush(callback) {
      onEnd?.();
      let bytes: Buffer = Buffer.concat([held, ...pending]);
      held = Buffer.alloc(0);
      pending = [];
      if (headLeft) bytes = withHead(bytes, headLeft)?.bytes ?? bytes;
      const parts: Buffer[] = [];
      replaceNeedles(bytes, bytes.length, parts);
      const rest = Buffer.concat(parts);
      const at = rest.lastIndexOf(END);
      const insert = Buffer.from(tail());
      callback(null, at === -1 ? Buffer.concat([rest, insert]) : Buffer.concat([rest.subarray(0, at), insert, rest.subarray(at)]));
    },
  });
}
