/**
 * Run as a process of its own by lean-start.test.ts: starts the store as src/server/main.ts does
 * (configuration from the environment, database, app, ready), then prints the npm packages the
 * process loaded, as one JSON array on stdout, and closes. A process of its own, because the test
 * runner's module loader is not the one a store process uses.
 */
import module from 'node:module';

const loaded = new Set<string>();
module.registerHooks({
  load(url, context, nextLoad) {
    const name = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    if (name) loaded.add(name);
    return nextLoad(url, context);
  },
});

const { loadConfig } = await import('../../../src/server/config.ts');
const { startServices } = await import('../../../src/server/start.ts');
const { app } = await startServices(loadConfig());
await app.ready();
process.stdout.write(`${JSON.stringify([...loaded].sort())}\n`);
await app.close();
