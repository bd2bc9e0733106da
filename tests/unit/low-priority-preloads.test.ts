import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from '../../src/web/low-priority-preloads.server.ts';

async function run(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe('lowPriorityModulePreloads', () => {
  const html = '<head><link rel="modulepreload" href="/a.js"/><title>스튜디오 루미</title><link rel="modulepreload" href="/b.js"/></head>';
  const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

  it('marks every module preload low priority', async () => {
    expect(await run([html])).toBe(expected);
  });

  it('finds a link split across chunks at any point', async () => {
    for (let cut = 1; cut < html.length; cut++) {
      expect(await run([html.slice(0, cut), html.slice(cut)])).toBe(expected);
    }
  });

  it('keeps multi-byte characters whole when a chunk boundary splits them', async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it('leaves other links alone', async () => {
    expect(await run(['<link rel="stylesheet" href="/x.css"/>'])).toBe('<link rel="stylesheet" href="/x.css"/>');
  });
});
