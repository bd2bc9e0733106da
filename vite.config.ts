import { reactRouter } from '@react-router/dev/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { messageCatalogs } from './scripts/vite/message-catalogs.ts';

/**
 * Few, larger chunks for the first load: the framework in one file and the code that several
 * pages share in another, instead of two dozen tiny files queueing in front of the hero image on
 * an HTTP/1.1 connection. Code loaded later (forms, dialogs' libraries) stays split.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;

/** Entries whose static imports every visitor of the store runs before interaction (the home page's too: it is the landing page). */
const UP_FRONT_ENTRY = /src[\\/]web[\\/](root|entry\.client|features[\\/](store[\\/]store-layout|home[\\/]home-page))\.tsx(\?|$)/;
/** The template shop and a template's page: what only they run up front (the catalog of templates, the card) is theirs, not /kr's. */
const TEMPLATE_ENTRY = /src[\\/]web[\\/]features[\\/]templates[\\/](templateshop-page|template-page)\.tsx(\?|$)/;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[] } | null;
}

/** Whether one of `entries` reaches the module through static imports alone (lazy imports don't count). */
function loadedUpFront(id: string, graph: ModuleGraph, entries: RegExp): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (entries.test(next)) return true;
    for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

/** Chunks the HTML of every page loads up front (see `codeSplitting` below). */
const CHECKOUT_FORMS = /src[\\/](web[\\/]features[\\/]checkout[\\/](business-fold|use-payment-area|payment-methods|use-payment-settings)\.tsx?|domain[\\/]tax[\\/]business-fold\.ts)$/;

const LOADED_FIRST = /(^|\/)(framework|shared|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    tailwindcss(),
    messageCatalogs(),
    reactRouter(),
    // Keeps #request-context one module for the server and the pages (src/server/request-context.ts).
    fastifyReactRouterDev({ entry: './src/server/dev-entry.ts', externalizeServerEntryImports: ['#request-context'] }),
  ],
  build: {
    assetsInlineLimit: 0,
    // A lazy chunk's preload list leaves out the chunks every page has loaded before anything can
    // be imported lazily (the framework, the shared chunk, the bundler's runtime): preloading them
    // again does nothing, and their names were bytes of every first-load script that lists them.
    // It leaves out the chunk itself too: the import fetches it at once, in the same task that
    // would have preloaded it. What is left, the chunks it imports, is fetched beside it.
    modulePreload: { resolveDependencies: (file, deps) => deps.filter((dep) => dep !== file && !LOADED_FIRST.test(dep)) },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
                // Only what the store's landing pages run before interaction: the modules that the
                // root, the store layout or the home page imports statically; then what the two
                // template pages share beyond that. The rest (checkout, payments, My Page, the staff
                // area, forms, dialogs) is split by the pages and lazy chunks that use it, so /kr
                // downloads none of it.
                { name: (id: string, ctx: ModuleGraph) => (loadedUpFront(id, ctx, UP_FRONT_ENTRY) ? 'shared' : null), tags: ['$initial'], minShareCount: 2, priority: 1 },
                { name: (id: string, ctx: ModuleGraph) => (loadedUpFront(id, ctx, TEMPLATE_ENTRY) ? 'templates-shared' : null), tags: ['$initial'], minShareCount: 2, priority: 0 },
                // What every checkout loads (the payment area, the business fold) in one lazy file: each
                // file it was split into was a name in the first load's list of what to preload later.
                { name: 'checkout-forms', test: CHECKOUT_FORMS, priority: 0 },
              ],
            },
          },
        },
      },
    },
  },
});
