// `pnpm db:backup [FILE]`: writes a consistent JSON dump of the server's database (see packages/db/src/backup.ts).
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dumpDatabase } from '@journey/db';
import { fromStartDirectory, printRowCounts, runTool, withServerDatabase } from './database-tool';

await runTool(async () => {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = fromStartDirectory(process.argv[2] ?? path.join('backups', `journey-${stamp}.json`));
  await withServerDatabase({ mustExist: true }, async (database, name) => {
    console.log(`Backing up ${name}`);
    const backup = await dumpDatabase(database.db);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed: a file under the final name is always complete. It holds password
    // and session hashes, so only the owner may read it.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify(backup), { mode: 0o600 });
    await rename(partial, file);
    console.log(`Wrote ${file} (${(await stat(file)).size} bytes, at migration ${backup.migration.tag})`);
    printRowCounts(
      Object.fromEntries(Object.entries(backup.tables).map(([table, rows]) => [table, rows.length])),
    );
  });
});
