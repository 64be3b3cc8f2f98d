import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const c = new PGlite(); await c.waitReady; console.log('pglite', Date.now() - t);
t = Date.now();
const blob = await c.dumpDataDir('none'); console.log('dump', Date.now() - t, blob.size);
t = Date.now();
const c2 = new PGlite({ loadDataDir: blob }); await c2.waitReady; console.log('load', Date.now() - t);
t = Date.now();
const c3 = new PGlite({ loadDataDir: blob }); await c3.waitReady; console.log('load2', Date.now() - t);
