// `pnpm db:restore FILE`: loads a backup written by `pnpm db:backup` into an empty database.
import { readFile } from 'node:fs/promises';
import { restoreDatabase } from '@journey/db';
import { fromStartDirectory, printRowCounts, runTool, ToolError, withServerDatabase } from './database-tool';

await runTool(async () => {
  const [argument] = process.argv.slice(2);
  if (!argument) throw new ToolError('usage: pnpm db:restore FILE');
  const file = fromStartDirectory(argument);
  let backup: unknown;
  try {
    backup = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ToolError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  await withServerDatabase({ mustExist: false }, async (database, name) => {
    console.log(`Restoring ${file} into ${name}`);
    printRowCounts(await restoreDatabase(database.db, backup));
    console.log('Restored.');
  });
});
