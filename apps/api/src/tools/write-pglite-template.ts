// Build step: writes the migrated embedded database a first start copies (see openDatabase).
import { createDatabase } from '@journey/db';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: write-pglite-template <directory>');
// Opening a new directory runs initdb and the migrations; closing leaves it ready to copy.
await (await createDatabase({ driver: 'pglite', dataDir })).close();
