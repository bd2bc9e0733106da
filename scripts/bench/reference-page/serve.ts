/**
 * Builds the reference page's browser bundle with Vite (production, minified) and serves the page
 * rendered on the server, its script precompressed with brotli, as the store serves its own
 * (issue 37). Started and stopped by the bench that measures against it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build } from 'vite';
import { ReferenceApp } from './app.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * A page's own response headers that change what the browser does before the page's first byte is
 * parsed: the security headers (Cross-Origin-Opener-Policy puts the page in a browsing context
 * group of its own, which on Lighthouse's navigation is a new process and a cold script context),
 * copied from the store's document response so the reference pays what every store page pays.
 * Left out: the body's framing and caching, and what names one response (its id, cookies, date).
 */
export function documentPolicyHeaders(headers: Headers): Record<string, string> {
  const perResponse = /^(content-(length|encoding|type)|transfer-encoding|connection|keep-alive|date|vary|cache-control|etag|last-modified|set-cookie|x-request-id)$/;
  return Object.fromEntries([...headers].filter(([name]) => !perResponse.test(name)));
}

/** The reference page with its script loaded as the store's pages load theirs (informational). */
export const PAINTED_FIRST_PATH = '/painted-first';

export async function startReferencePage(policyHeaders: Record<string, string> = {}): Promise<{ origin: string; scriptBytes: number; stop: () => Promise<void> }> {
  const outDir = path.join(root, 'bench-results', 'reference-page');
  await build({
    configFile: false,
    root,
    logLevel: 'error',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      modulePreload: false,
      rolldownOptions: { input: path.join(import.meta.dirname, 'client.ts'), output: { entryFileNames: 'app.js', format: 'es' } },
    },
  });
  const script = fs.readFileSync(path.join(outDir, 'app.js'));
  const compressed = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const head = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference page</title><meta name="description" content="A minimal server-rendered React page that hydrates.">';
  const body = `<div id="root">${renderToString(createElement(ReferenceApp))}</div>`;
  const page = `<!doctype html><html lang="en"><head>${head}<script type="module" src="/app.js"></script></head><body>${body}</body></html>`;
  // The same page with its script as the store's pages load theirs (low priority, after the
  // content), so it paints before its script runs: how Lighthouse's simulation then counts the
  // same work (docs/decisions/0055). Measured beside the reference, never a target.
  const paintedFirst = `<!doctype html><html lang="en"><head>${head}</head><body>${body}<script type="module" async fetchpriority="low" src="/app.js"></script></body></html>`;
  const server = http.createServer((request, response) => {
    if (request.url === '/app.js') {
      const br = String(request.headers['accept-encoding'] ?? '').includes('br');
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', ...(br ? { 'content-encoding': 'br' } : {}) });
      response.end(br ? compressed : script);
      return;
    }
    if (request.url === '/' || request.url === '/index.html' || request.url === PAINTED_FIRST_PATH) {
      response.writeHead(200, { ...policyHeaders, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(request.url === PAINTED_FIRST_PATH ? paintedFirst : page);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    scriptBytes: compressed.length,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
