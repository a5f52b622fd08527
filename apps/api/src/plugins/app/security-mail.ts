import { accountEmail, queueSecurityNotice } from '@journey/db';
import fp from 'fastify-plugin';
import { isNoticeWorthy } from '../../features/security-mail/notice-content';

/**
 * Mail to the owner on what matters (docs/decisions/089-security-mail.md): a sign-in from a new device,
 * any factor change, a recovery code's use. Only with SMTP configured: without it mail stays in the
 * admin's outbox, which whoever took over the account could read and empty.
 */
export default fp(
  async (app) => {
    const { config, database, now } = app;
    if (!config.mail.smtpUrl) return;
    app.audit.onRecorded(async (row, request) => {
      if (row.userId === null || !isNoticeWorthy(row)) return;
      const recipient = await accountEmail(database.db, row.userId);
      if (!recipient) return;
      const linkOrigin = request ? app.mail.linkOrigin(request) : config.publicUrl;
      if (!linkOrigin) return;
      await queueSecurityNotice(database.db, { auditEventId: row.id, recipient, linkOrigin, now: now() });
      app.mail.wake();
    });
  },
  { name: 'security-mail', dependencies: ['config', 'database', 'mail', 'audit'] },
);
