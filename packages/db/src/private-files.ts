import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Owner-only: the embedded database holds password and session hashes (docs/decisions/058-dependable-tests-password-reset-private-files.md). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a folder (and its missing parents) owner-only, whatever the umask, and makes an existing one
 * so, unless another user owns it (a volume's mount point): then only what is inside is ours to close.
 */
export async function makePrivateDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { mode, uid } = await stat(directory);
  if ((mode & 0o777) === PRIVATE_DIR_MODE || uid !== process.getuid?.()) return;
  await chmod(directory, PRIVATE_DIR_MODE);
}

/**
 * Sets every folder under `target` (itself included) to 0700 and every file to 0600: a copied template,
 * a restored archive or PGlite's unpacking of a dump keep or make modes the world can read and write.
 * Symbolic links are left alone (chmod would follow them out of the tree). Nothing there: nothing to do.
 */
export async function makePrivateTree(target: string): Promise<void> {
  let stat;
  try {
    stat = await lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777) !== mode) await chmod(target, mode);
  if (!stat.isDirectory()) return;
  for (const name of await readdir(target)) await makePrivateTree(path.join(target, name));
}
