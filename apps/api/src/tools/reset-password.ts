// `pnpm admin:reset-password USERNAME`: a new password for a user who cannot sign in, set on the
// server's database, every session of the user ended (docs/decisions/058-dependable-tests-password-reset-private-files.md).
import { text } from 'node:stream/consumers';
import { resetPasswordInput } from '@journey/contracts';
import { findUserByUsername, replacePassword } from '@journey/db';
import { hashPassword } from '../features/auth/password';
import { runTool, ToolError, withServerDatabase } from './database-tool';
import { readHiddenLine } from './hidden-input';

const USAGE =
  'usage: pnpm admin:reset-password USERNAME (the new password is asked for, or read from stdin; ' +
  'never from the command line, which shell histories and process lists keep)';

/** From the terminal without echo, typed twice; from a pipe, its one line. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).replace(/\r?\n$/, '');
  const password = await readHiddenLine('New password: ');
  if ((await readHiddenLine('Repeat the new password: ')) !== password)
    throw new ToolError('Passwords do not match; nothing changed.');
  return password;
}

await runTool(async () => {
  const [name, ...extra] = process.argv.slice(2);
  if (!name || name.startsWith('-') || extra.length > 0) throw new ToolError(USAGE);
  const parsed = resetPasswordInput.safeParse({ username: name, newPassword: await readNewPassword() });
  if (!parsed.success) throw new ToolError(`${parsed.error.issues[0]?.message}; nothing changed.`);
  const { username, newPassword } = parsed.data;
  await withServerDatabase({ mustExist: true, refuseInUse: true }, async (database, name) => {
    const user = await findUserByUsername(database.db, username);
    if (!user) throw new ToolError(`No user named "${username}" in ${name}; nothing changed.`);
    await replacePassword(database.db, user.id, await hashPassword(newPassword));
    console.log(`New password set for ${user.username} in ${name}; every session of ${user.username} ended.`);
  });
});
