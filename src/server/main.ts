/** Production entry: `node src/server/main.ts` after `react-router build`. */
import { resolveDrizzleDirectly } from './module-shortcuts.ts';

// Before the store's modules are imported: Node resolves every static import of a module graph
// when it links it, so the shortcut must be in place first.
resolveDrizzleDirectly();
await import('./run-store.ts');
