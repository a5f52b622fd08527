import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from '@journey/db';

/** SESSION_SECRET, or one generated on first start and kept (mode 0600) in DATA_DIR. */
export async function sessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  // Owner-only on every start, whatever made or copied them (docs/decisions/058-dependable-tests-password-reset-private-files.md).
  await makePrivateDirectory(dataDir);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    await chmod(file, PRIVATE_FILE_MODE);
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  // Another process may have written first: everyone uses the stored one.
  return (await readFile(file, 'utf8')).trim();
}
