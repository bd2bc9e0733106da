/**
 * The stand-in that keeps React Router's router from opening `sessionStorage` while a page opened
 * afresh hydrates (src/web/fresh-page-storage.server.ts, docs/decisions/0055), and what it rests on: the
 * router's key, and no view transition anywhere in the store (so that key is never written).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_TRANSITIONS_KEY } from '../../src/web/fresh-page-storage.server.ts';
import { reopenedMarkHtml } from '../../src/web/reopened-mark.server.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A window whose `sessionStorage` counts how often the real storage was opened. */
function fakeWindow(reopened: boolean) {
  const stored = new Map<string, string>([['other', 'kept'], [ROUTER_TRANSITIONS_KEY, '{"a":["/b"]}']]);
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    get length() {
      return stored.size;
    },
  };
  const counts = { opened: 0 };
  const win = {};
  const getter = () => {
    counts.opened++;
    return storage;
  };
  Object.defineProperty(win, 'sessionStorage', { configurable: true, enumerable: true, get: getter });
  const dataset: Record<string, string> = {};
  // The head's script, as the page gets it, in a window with this storage and navigation type.
  const script = /<script[^>]*>(.*)<\/script>/.exec(reopenedMarkHtml('n'))![1]!;
  new Function('window', 'document', 'performance', script)(win, { documentElement: { dataset } }, { getEntriesByType: () => [{ type: reopened ? 'reload' : 'navigate' }] });
  return { win: win as { sessionStorage: typeof storage }, counts, getter, dataset };
}

describe('React Router reading its view transitions on a fresh page', () => {
  it('answers the router\'s key from nothing, without opening the storage, then puts the window\'s storage back', () => {
    const { win, counts, getter, dataset } = fakeWindow(false);
    expect(dataset.reopened).toBeUndefined();
    const first = win.sessionStorage;
    expect(first.getItem(ROUTER_TRANSITIONS_KEY)).toBeNull();
    expect(counts.opened).toBe(0);
    expect(Object.getOwnPropertyDescriptor(win, 'sessionStorage')?.get).toBe(getter);
    // Anything else the first reader asks goes to the real storage.
    expect(first.getItem('other')).toBe('kept');
    first.setItem('new', 'v');
    expect(first.length).toBe(3);
    expect(win.sessionStorage.getItem('new')).toBe('v');
  });

  it('leaves a page opened again alone: it reads the storage as before', () => {
    const { win, counts, dataset } = fakeWindow(true);
    expect(dataset.reopened).toBe('');
    expect(win.sessionStorage.getItem(ROUTER_TRANSITIONS_KEY)).toBe('{"a":["/b"]}');
    expect(counts.opened).toBe(1);
  });

  it('rests on React Router\'s key, and on the store never asking for a view transition (the router writes the key only then)', () => {
    const router = fs.readFileSync(path.join(root, 'node_modules/react-router/dist/production/lib/router/router.js'), 'utf8');
    expect(router).toContain(`TRANSITIONS_STORAGE_KEY = "${ROUTER_TRANSITIONS_KEY}"`);
    expect(router).toMatch(/if \(transitions\.size > 0\)/);
    const src = path.join(root, 'src');
    const asking = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('fresh-page-storage.server.ts'))
      .filter((file) => /viewTransition/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(asking).toEqual([]);
  });
});
