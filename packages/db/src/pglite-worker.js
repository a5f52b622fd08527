// The embedded database in a worker thread, serving the PostgreSQL protocol on a Unix socket
// (pglite-server.ts starts it; the server then speaks to it with postgres.js, as to PostgreSQL).
// Plain JavaScript: Node starts a worker from a file, and this one must run as it is from the
// sources (tests, `pnpm dev`) and beside the server's bundle alike
// (docs/decisions/065-one-driver-pglite-behind-a-socket.md).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {import('node:worker_threads').MessagePort} */
const port = /** @type {never} */ (parentPort);
const { settings, ...options } = workerData.options;
// `settings` (`-c name=value`) come after PGlite's own start parameters.
const db = await PGlite.create({ ...options, startParams: [...PGlite.defaultStartParams, ...settings] });
// A failure of PGlite itself (SQL errors travel as protocol messages) would leave the socket server's
// queue stuck for good: the thread ends instead, so the server sees the database as unavailable.
const runExclusive = db.runExclusive.bind(db);
db.runExclusive = (work) =>
  runExclusive(work).catch((error) => {
    console.error('PGlite failed; its thread ends:', error);
    process.exit(1);
  });
// One connection: PGlite is one backend, and the socket server interleaves the messages of two.
const server = new PGLiteSocketServer({ db, path: workerData.path, maxConnections: 1 });
await server.start();
port.postMessage({ op: 'ready' });

port.on('message', (message) => {
  const answer = (work) =>
    work.then(
      (result) => port.postMessage({ op: message.op, result }),
      (error) => port.postMessage({ op: message.op, error: String(error?.stack ?? error) }),
    );
  if (message.op === 'dump') answer(db.dumpDataDir(message.compression));
  else if (message.op === 'close') answer(server.stop().then(() => db.close()));
});
