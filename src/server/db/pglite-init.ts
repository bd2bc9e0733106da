/**
 * Creates the embedded database's folder (PGlite's initdb) and exits. openDatabase runs it in a
 * process of its own on the first start on an empty DATA_DIR: initdb in PGlite is a second
 * database instance and the initdb program, both WebAssembly, and about 120 MB of what they use
 * stays with the process that ran them after they close (issue 17). A process that ends gives it
 * all back.
 *
 *   node src/server/db/pglite-init.ts <folder>
 */
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node src/server/db/pglite-init.ts <folder>');
const client = await PGlite.create(dir);
await client.close();
