/**
 * Run as a process of its own by module-shortcuts.test.ts, with "shortcut" or "plain": loads the
 * store's database modules (and through them drizzle-orm, on both drivers) and prints, as one JSON
 * object on stdout, what every import inside drizzle-orm resolved to and how many of its relative
 * imports (its own files) reached Node's own resolver.
 */
import module from 'node:module';
import { resolveDrizzleDirectly } from '../../../src/server/module-shortcuts.ts';

const inDrizzle = (url: string | undefined) => url?.includes('/node_modules/drizzle-orm/') ?? false;
let reachedNode = 0;
// Registered first, so it runs last: just before Node's resolver.
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (inDrizzle(context.parentURL) && specifier.startsWith('.')) reachedNode++;
    return nextResolve(specifier, context);
  },
});
const applied = process.argv[2] === 'shortcut' ? resolveDrizzleDirectly() : false;
const resolved: Record<string, string> = {};
// Registered last, so it runs first and sees the final answer, whoever gave it.
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const answer = nextResolve(specifier, context);
    if (inDrizzle(context.parentURL)) resolved[`${context.parentURL} ${specifier}`] = `${answer.url} ${answer.format}`;
    return answer;
  },
});

await import('../../../src/server/db/schema.ts');
await import('drizzle-orm/postgres-js');
await import('drizzle-orm/pglite');
process.stdout.write(`${JSON.stringify({ applied, reachedNode, resolved })}\n`);
