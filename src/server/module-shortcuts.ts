/**
 * drizzle-orm's imports of its own files, resolved without Node's package lookup: a faster start.
 *
 * For every .js file an ES module imports, Node (24) reads the package.json of the file's package
 * to learn the module format, and copies that manifest's fields, which parses its "exports" map
 * afresh each time (`getPackageScopeConfig` in Node's package_json_reader). drizzle-orm's manifest
 * is 175 KB, nearly all "exports", and a store process loads hundreds of its files: a quarter of
 * the store's start (2.5 s → 1.9 s on a slow machine) and about 200 MB of garbage went there
 * (docs/decisions/0032). A relative import inside that package is plain URL resolution and the
 * package is "type": "module", so the answer is known without the lookup. Everything else goes to
 * Node as before.
 */
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Registers the shortcut; it must run before the modules that import drizzle-orm are linked. Returns false where it does not apply. */
export function resolveDrizzleDirectly(): boolean {
  let scope: string;
  try {
    // Node's own answer for the package (its real path), so the files match what Node would load.
    scope = new URL('./', import.meta.resolve('drizzle-orm')).href;
    const manifest = JSON.parse(fs.readFileSync(fileURLToPath(new URL('package.json', scope)), 'utf8')) as { type?: string };
    if (manifest.type !== 'module') return false;
  } catch {
    return false;
  }
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (context.parentURL?.startsWith(scope) && (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
        const url = new URL(specifier, context.parentURL).href;
        if (url.startsWith(scope)) return { url, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
  return true;
}
