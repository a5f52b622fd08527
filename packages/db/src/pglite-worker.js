// The embedded database in a worker thread (pglite-thread.ts starts it and speaks to it). Plain
// JavaScript, not TypeScript: Node starts a worker from a file, and this one must run as it is from
// the sources (tests, `pnpm dev`) and beside the server's bundle alike. It only relays messages to
// PGlite, so the server's thread no longer runs the database's WebAssembly
// (docs/decisions/052-pglite-in-a-worker-thread.md).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {import('node:worker_threads').MessagePort} */
const port = /** @type {never} */ (parentPort);
const client = new PGlite(workerData.options);

/** Open transactions by id: each waits, inside PGlite's own `transaction`, for the thread to end it. */
const transactions = new Map();
/** Stops of the LISTENs by id. */
const unlistens = new Map();
let lastId = 0;

/** Drizzle's parsers keep these types' text as it is; functions cannot cross threads, their OIDs can. */
const keepText = (value) => value;
/** The parsers of each set of OIDs, made once: every Drizzle query sends the same few sets. */
const parserSets = new Map();

function withParsers(options) {
  if (!options?.textTypes) return options;
  const { textTypes, ...rest } = options;
  const key = textTypes.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]))));
  return { ...rest, parsers };
}

const target = (tx) => (tx === undefined ? client : transactions.get(tx).tx);

/** Resolves with the new transaction's id once PGlite has begun it. */
function begin() {
  const id = ++lastId;
  return new Promise((begun, failed) => {
    const done = client.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          begun(id);
        }),
    );
    done.catch(failed);
  });
}

/** Commits (or rolls back) and resolves when PGlite has: a failed COMMIT rejects. */
async function end(id, commit) {
  const transaction = transactions.get(id);
  transactions.delete(id);
  if (commit) transaction.commit();
  else transaction.rollback(new Error('rolled back'));
  try {
    await transaction.done;
  } catch (error) {
    if (commit) throw error;
  }
}

async function run(message) {
  switch (message.op) {
    case 'ready':
      return client.waitReady;
    case 'query':
      return target(message.tx).query(message.sql, message.params, withParsers(message.options));
    case 'exec':
      return target(message.tx).exec(message.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'listen': {
      const id = ++lastId;
      const channel = message.channel;
      unlistens.set(id, await client.listen(channel, (payload) => port.postMessage({ channel, payload })));
      return id;
    }
    case 'unlisten': {
      const unlisten = unlistens.get(message.listener);
      unlistens.delete(message.listener);
      return unlisten?.();
    }
    case 'dump':
      return client.dumpDataDir(message.compression);
    case 'close':
      return client.close();
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

/** An error as plain data: its message and its fields (`code`, `detail`, `constraint`…) cross, functions do not. */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

port.on('message', (message) => {
  run(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: describe(error) }),
  );
});
