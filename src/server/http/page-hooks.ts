/**
 * Hooks for the pages' catch-all route only. Asking each request which route it took
 * (`request.routeOptions`) builds a new object every time; a hook added to the catch-all itself
 * as it is registered asks nothing, and API calls, files and feeds do not run it at all.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

/** React Router's route in @mcansh/react-router-fastify: every path no other route takes. */
export const PAGES_ROUTE = '*';

/** Runs `hook` for every request the pages' catch-all answers. Call before the catch-all is registered. */
export function onPageRequest(app: FastifyInstance, hook: onRequestHookHandler): void {
  app.addHook('onRoute', (route) => {
    if (route.url !== PAGES_ROUTE) return;
    const current = route.onRequest;
    route.onRequest = current === undefined ? [hook] : Array.isArray(current) ? [...current, hook] : [current, hook];
  });
}
