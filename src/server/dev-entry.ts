/** Entry used by `react-router dev`: the same server, with Vite compiling pages on demand. */
import type { ViteDevServer } from 'vite';
import { loadConfig } from './config.ts';
import { startServices } from './start.ts';

export async function createServer(vite?: ViteDevServer) {
  const { app } = await startServices(loadConfig(process.env, { devServer: true }), vite);
  return app;
}
