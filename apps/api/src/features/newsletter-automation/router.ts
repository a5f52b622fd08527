import { welcomeMailInput, welcomeMailSchema } from '@journey/contracts';
import { readWelcomeMail, saveWelcomeMail } from '@journey/db';
import { z } from 'zod';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';

const tags = ['newsletter'];
const WELCOME_PATH = '/admin/newsletter/welcome';

/**
 * The newsletter's automatic mail (docs/decisions/097-automatic-mail.md): the welcome mail the owner
 * writes, sent once to each reader after confirming. Its text is read when each mail is sent, so a
 * save changes every welcome not yet sent.
 */
export const newsletterAutomationRouter = router({
  welcome: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: WELCOME_PATH, tags, summary: 'The welcome mail to new subscribers' },
    })
    .input(z.void())
    .output(welcomeMailSchema)
    .query(({ ctx }) => readWelcomeMail(ctx.database.db)),

  saveWelcome: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: WELCOME_PATH,
        tags,
        summary: 'Save the welcome mail, and turn it on or off',
      },
      // Mail to subscribers only: no public page shows it.
      ...PUBLIC_DATA_UNCHANGED,
      audit: {
        action: 'newsletter.welcome-saved',
        detail: ({ output }) => {
          const saved = output as { enabled?: unknown; subject?: unknown };
          return { enabled: saved.enabled, subject: saved.subject };
        },
      },
    })
    .input(welcomeMailInput)
    .output(welcomeMailSchema)
    .mutation(({ ctx, input }) => saveWelcomeMail(ctx.database.db, { ...input, now: ctx.now() })),
});
