/**
 * The client build's files (build/client): the pages' scripts and styles under assets/, the
 * pictures under artwork/, and a few files at the top (favicon.svg).
 *
 * The React Router adapter serves the whole folder with @fastify/static's route-per-file mode: at
 * start it lists every file and registers a GET and a HEAD route for each. With about 700 files
 * (hashed scripts, their .br and .gz twins, every picture in every width and format) that was
 * nearly all of the router and 15% of the objects alive in a store process, which every
 * mark-compact walks again (decision 0035). So each folder is served by one wildcard route instead, and the
 * adapter's own registration keeps only the files at the top.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed by the build: a new build gives new names, so browsers may keep them for good. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Kept under the same name from build to build (pictures, favicon.svg): a day. */
export const FILE_CACHE_CONTROL = 'public, max-age=86400';

const ASSETS = 'assets';

/** The build's folders (assets, artwork), read once at start. */
export function clientFolders(clientDir: string): string[] {
  if (!fs.existsSync(clientDir)) return [];
  return fs.readdirSync(clientDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

/** For the adapter's registration: the top-level files only, a route each, as before. */
export function topLevelFilesOnly(clientDir: string, folders: readonly string[]): FastifyStaticOptions {
  return { root: clientDir, preCompressed: true, globIgnore: folders.map((folder) => `${folder}/**`) };
}

/**
 * Each folder of the build under its own name, by one GET and HEAD route that looks the file up
 * when asked. A name that is not there is a plain 404 (it was a redirect to a country's 404 page).
 */
export async function registerClientFolders(app: FastifyInstance, clientDir: string, folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const cacheControl = folder === ASSETS ? ASSET_CACHE_CONTROL : FILE_CACHE_CONTROL;
    await app.register(fastifyStatic, {
      root: path.join(clientDir, folder),
      prefix: `/${folder}/`,
      wildcard: true,
      // The adapter's registration decorates the reply; a second decoration would be refused.
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'ignore',
      setHeaders: (response) => response.setHeader('cache-control', cacheControl),
    });
  }
}
