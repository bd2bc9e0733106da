import { reactRouter } from '@react-router/dev/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Few, larger chunks for the first load: the framework in one file and the code that several
 * pages share in another, instead of two dozen tiny files queueing in front of the hero image on
 * an HTTP/1.1 connection. Code loaded later (forms, dialogs' libraries) stays split.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|i18next|react-i18next|cookie|set-cookie-parser|turbo-stream|html-parse-stringify|void-elements)[\\/]/;

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Keeps #request-context one module for the server and the pages (src/web/request-context.ts).
    fastifyReactRouterDev({ entry: './src/server/dev-entry.ts', externalizeServerEntryImports: ['#request-context'] }),
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
                // Form code, the brief, My Page's orders and the password rule stay out of the
                // shared chunk: only the pages that use them load them up front (the home page
                // never does).
                { name: 'shared', test: (id: string) => !/node_modules[\\/]react-hook-form[\\/]|features[\\/](briefs|orders)[\\/]|features[\\/]accounts[\\/](password-|email-address)|domain[\\/](briefs|uploads|lifecycle)\.ts|domain[\\/]validation[\\/]password-rule\.ts/.test(id), tags: ['$initial'], minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
