/**
 * Server renderer: streams the page and sets a per-response Content-Security-Policy whose nonce
 * is the only way an inline script may run.
 */
import { randomBytes } from 'node:crypto';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction } from 'react-router';
import { serializeError } from '../server/http/errors.ts';
import { DocumentContextProvider } from './components/document-context.tsx';
import { reopenedMarkHtml } from './reopened-mark.server.ts';
import { SCROLL_RESTORE_SCRIPT } from './scroll-restore-script.server.ts';
import styles from './app.css?inline';
import { documentStream } from './document-stream.server.ts';
import { catalogsBlockHtml, serverCatalogsOf } from './i18n/catalogs-block.server.ts';
import { serverCatalogs } from '../i18n/translator.server.ts';

export const streamTimeout = 5_000;

/**
 * A loader's or render's unexpected error, logged like the API's: one JSON line without the
 * statement's parameters (guest ids, e-mails), which React Router's default would print whole.
 * Responses a loader throws on purpose (401, 404) and aborted requests are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || error instanceof Response || isRouteErrorResponse(error)) return;
  console.error(JSON.stringify({ level: 50, time: Date.now(), msg: 'page failed', url: new URL(request.url).pathname, err: serializeError(error) }));
};

/** Toss Payments' widget (checkout pages) loads its scripts, frames and calls from these hosts. */
const TOSS = 'https://*.tosspayments.com';

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${TOSS}`,
    `style-src 'self' 'unsafe-inline' ${TOSS}`,
    `img-src 'self' data: blob: ${TOSS}`,
    "font-src 'self'",
    `connect-src 'self' ${TOSS}`,
    `frame-src ${TOSS}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString('base64');
  const catalogs = serverCatalogsOf(serverCatalogs);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <DocumentContextProvider value={{ nonce, styles, scrollRestoreScript: SCROLL_RESTORE_SCRIPT, catalogs }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentContextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = documentStream({
            head: reopenedMarkHtml(nonce),
            tail: () => catalogsBlockHtml(catalogs.read, catalogs.source, nonce),
            onEnd() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));
          responseHeaders.set('Cache-Control', 'private, no-cache');
          responseHeaders.append('Vary', 'Cookie');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
