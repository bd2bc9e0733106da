import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { documentStream } from '../../src/web/document-stream.server.ts';

/** Runs chunks through the stream; returns the output and how many chunks it came in. */
async function run(chunks: Array<string | Buffer>, tail = () => '', head?: string): Promise<{ html: string; chunks: number }> {
  const out: Buffer[] = [];
  let ended = 0;
  const stream = documentStream({ head, tail, onEnd: () => ended++ });
  await new Promise<void>((resolve, reject) => {
    Readable.from(chunks).pipe(stream).on('data', (c: Buffer) => out.push(c)).on('end', resolve).on('error', reject);
  });
  expect(ended).toBe(1);
  return { html: Buffer.concat(out).toString('utf8'), chunks: out.length };
}

describe('documentStream', () => {
  const html = '<html><head><link rel="modulepreload" href="/a.js"/><title>스튜디오 루미</title><link rel="modulepreload" href="/b.js"/></head><body><p>본문</p></body></html>';
  const low = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
  const withTail = low.replace('</body></html>', '<script>m</script></body></html>');
  const tail = () => '<script>m</script>';

  it('marks every module preload low priority and puts the tail before </body></html>', async () => {
    expect((await run([html], tail)).html).toBe(withTail);
  });

  it('finds a link or the closing tags split across chunks at any point, and keeps split characters whole', async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect((await run([bytes.subarray(0, cut), bytes.subarray(cut)], tail)).html).toBe(withTail);
    }
  });

  it('handles every chunking into three parts', async () => {
    const bytes = Buffer.from(html);
    for (let a = 1; a < bytes.length; a += 7) {
      for (let b = a + 1; b < bytes.length; b += 5) {
        expect((await run([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)], tail)).html).toBe(withTail);
      }
    }
  });

  it('puts the head right after the first <head>, once, however the document is cut into chunks', async () => {
    const head = '<script>h</script>';
    const headed = withTail.replace('<head>', `<head>${head}`);
    const bytes = Buffer.from(html);
    expect((await run([html], tail, head)).html).toBe(headed);
    for (let a = 1; a < bytes.length; a += 3) {
      expect((await run([bytes.subarray(0, a), bytes.subarray(a)], tail, head)).html).toBe(headed);
      for (let b = a + 1; b < Math.min(bytes.length, a + 40); b += 2) {
        expect((await run([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)], tail, head)).html).toBe(headed);
      }
    }
    // Not a <header>, and nothing when the document has no head.
    expect((await run(['<header>x</header><head>y</head>'], () => '', head)).html).toBe(`<header>x</header><head>${head}y</head>`);
    expect((await run(['<body>z</body>'], () => '', head)).html).toBe('<body>z</body>');
  });

  it('leaves other links alone, and puts the tail at the end of a document without closing tags', async () => {
    expect((await run(['<link rel="stylesheet" href="/x.css"/>'], tail)).html).toBe('<link rel="stylesheet" href="/x.css"/><script>m</script>');
  });

  it('hands on the chunks written in one pass as one', async () => {
    const stream = documentStream({ tail: () => '' });
    const out: Buffer[] = [];
    stream.on('data', (c: Buffer) => out.push(c));
    const pieces = Array.from({ length: 40 }, (_, i) => Buffer.from(`<div>${i}</div>`.padEnd(2048, ' ')));
    for (const piece of pieces) stream.write(piece);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toHaveLength(1);
    // Everything but the few bytes that could start a needle has been handed on.
    expect(out[0]!.length).toBeGreaterThan(40 * 2048 - 30);
    stream.end();
    await new Promise((resolve) => stream.on('end', resolve));
    expect(Buffer.concat(out).toString()).toBe(Buffer.concat(pieces).toString());
  });
});
