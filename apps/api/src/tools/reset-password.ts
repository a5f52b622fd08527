// `pnpm admin:reset-password USERNAME [--clear-factors]`: a new password for a user who cannot sign in,
// set on the server's database, every session of the user ended
// (docs/decisions/058-dependable-tests-password-reset-private-files.md). The second factors stay unless
// `--clear-factors` asks for them to go, so a reset is no back door past them; each run is recorded
// in the audit trail (docs/decisions/088-audit-trail.md).
import { text } from 'node:stream/consumers';
import { resetPasswordInput } from '@journey/contracts';
import { AUDIT_ACTOR_CLI } from '@journey/contracts/constants';
import {
  clearSecondFactors,
  findUserByUsername,
  queueSecurityNotice,
  recordAuditEvent,
  replacePassword,
  type AuditEntry,
} from '@journey/db';
import { hashPassword } from '../features/auth/password';
import { runTool, ToolError, withServerDatabase } from './database-tool';
import { readHiddenLine } from './hidden-input';

const USAGE =
  'usage: pnpm admin:reset-password USERNAME [--clear-factors] (the new password is asked for, or read ' +
  'from stdin; never from the command line, which shell histories and process lists keep; ' +
  '--clear-factors also removes the one-time codes, recovery codes and passkeys)';

const CLEAR_FACTORS = '--clear-factors';

/** From the terminal without echo, typed twice; from a pipe, its one line. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).replace(/\r?\n$/, '');
  const password = await readHiddenLine('New password: ');
  if ((await readHiddenLine('Repeat the new password: ')) !== password)
    throw new ToolError('Passwords do not match; nothing changed.');
  return password;
}

await runTool(async () => {
  const args = process.argv.slice(2);
  const clearFactors = args.includes(CLEAR_FACTORS);
  const [name, ...extra] = args.filter((arg) => arg !== CLEAR_FACTORS);
  if (!name || name.startsWith('-') || extra.length > 0) throw new ToolError(USAGE);
  const parsed = resetPasswordInput.safeParse({ username: name, newPassword: await readNewPassword() });
  if (!parsed.success) throw new ToolError(`${parsed.error.issues[0]?.message}; nothing changed.`);
  const { username, newPassword } = parsed.data;
  await withServerDatabase({ mustExist: true, refuseInUse: true }, async (database, name, config) => {
    const user = await findUserByUsername(database.db, username);
    if (!user) throw new ToolError(`No user named "${username}" in ${name}; nothing changed.`);
    await replacePassword(database.db, user.id, await hashPassword(newPassword));
    const actor = { actor: AUDIT_ACTOR_CLI, userId: user.id, subject: `user:${user.username}` };
    // With SMTP, each change is also mailed to the owner by the next server to start
    // (docs/decisions/089-security-mail.md); the mail has no session to offer ending.
    const record = async (entry: Omit<AuditEntry, keyof typeof actor>) => {
      const row = await recordAuditEvent(database.db, { ...actor, ...entry });
      if (config.mail.smtpUrl && config.publicUrl && user.email)
        await queueSecurityNotice(database.db, {
          auditEventId: row.id,
          recipient: user.email,
          linkOrigin: config.publicUrl,
          now: new Date(),
        });
    };
    await record({ action: 'password.reset', detail: { clearFactors } });
    console.log(`New password set for ${user.username} in ${name}; every session of ${user.username} ended.`);
    if (!clearFactors) {
      console.log(`Second factors kept; add ${CLEAR_FACTORS} to remove them too.`);
      return;
    }
    const cleared = await clearSecondFactors(database.db, user.id);
    await record({ action: 'factor.cleared', detail: { ...cleared } });
    console.log(
      `Second factors cleared: ${cleared.totp > 0 ? 'one-time codes' : 'no one-time codes'}, ` +
        `${cleared.recoveryCodes} recovery codes, ${cleared.passkeys} passkeys; none is required now.`,
    );
  });
});
