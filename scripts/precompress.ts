/**
 * Writes .br and .gz next to every script, style sheet and SVG of the client build, whatever its
 * size, when they are smaller than it, so the server sends compressed files without compressing
 * them on each request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '..', 'build', 'client');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;
let count = 0;

function walk(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const source = fs.readFileSync(file);
      // Small files too (a page's runtime and entry scripts are a few hundred bytes, and every
      // first visit downloads them): a twin is written only when it is smaller than the file.
      const br = zlib.brotliCompressSync(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      });
      const gz = zlib.gzipSync(source, { level: 9 });
      if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
      if (br.length < source.length || gz.length < source.length) count++;
    }
  }
}

if (!fs.existsSync(dir)) {
  console.error(`precompress: ${dir} does not exist; run the build first`);
  process.exit(1);
}
walk(dir);
console.log(`precompress: ${count} files compressed`);
