// Build step: writes the migrated embedded database a first start copies (see openDatabase).
import { writeFile } from 'node:fs/promises';
import { dumpMigratedPglite } from '@journey/db';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: write-pglite-template <file.tar.gz>');
await writeFile(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
