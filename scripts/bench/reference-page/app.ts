/**
 * The reference page of `bench:lighthouse` (issue 37): a minimal React 19 page that the bench
 * renders on the server and hydrates in the browser: a heading, a paragraph, a button with state
 * and a 24-item list. Not part of the store: it is the yardstick the key pages are measured
 * against in the same run, on the same machine.
 */
import { createElement as h, useState } from 'react';

export function ReferenceApp() {
  const [count, setCount] = useState(0);
  return h('main', null,
    h('h1', null, 'Reference page'),
    h('p', null, 'A minimal server-rendered React page that hydrates, measured beside the store.'),
    h('button', { type: 'button', onClick: () => setCount((n) => n + 1) }, `Clicked ${count} times`),
    h('ul', null, Array.from({ length: 24 }, (_, i) => h('li', { key: i }, `Item ${i + 1}`))),
  );
}
