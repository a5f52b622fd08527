// `pnpm db:backup [FILE] [--with-keys]`: writes a consistent JSON dump of the server's database (see
// packages/db/src/backup.ts). The providers' sealed keys go in only with --with-keys.
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dumpDatabase } from '@journey/db';
import { fromStartDirectory, printRowCounts, runTool, withServerDatabase } from './database-tool';

await runTool(async () => {
  const { values, positionals } = parseArgs({
    options: { 'with-keys': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = fromStartDirectory(positionals[0] ?? path.join('backups', `journey-${stamp}.json`));
  await withServerDatabase({ mustExist: true }, async (database, name) => {
    console.log(`Backing up ${name}`);
    const backup = await dumpDatabase(database.db, { withKeys: values['with-keys'] });
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed: a file under the final name is always complete. It holds password
    // and session hashes, so only the owner may read it.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify(backup), { mode: 0o600 });
    await rename(partial, file);
    console.log(`Wrote ${file} (${(await stat(file)).size} bytes, at migration ${backup.migration.tag})`);
    if (!values['with-keys'] && backup.tables.providerConnections.length > 0) {
      console.log(
        'Provider keys left out: a restored connection asks for its key again (--with-keys keeps them).',
      );
    }
    printRowCounts(
      Object.fromEntries(Object.entries(backup.tables).map(([table, rows]) => [table, rows.length])),
    );
  });
});
