import {
  archiveIssueSchema,
  archiveIssueSummarySchema,
  archiveSlugInput,
  broadcastSchema,
  broadcastVisibilityInput,
} from '@journey/contracts';
import { archiveIssueBySlug, broadcastById, listArchive, setBroadcastPrivate } from '@journey/db';
import { z } from 'zod';
import { found, notFound } from '../../trpc/admin-rows';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { subjectFrom } from '../audit/audit-meta';
import { markdownHtml } from '../settings/read';

const tags = ['newsletter'];
// A private issue answers as an unknown one: its page never tells that it exists.
const ISSUE = { noun: 'Issue' };
const BROADCAST = { noun: 'Broadcast' };

/**
 * The newsletter archive (docs/decisions/095-newsletter-archive.md): the public list and pages of the
 * broadcasts sent, and the owner's switch that keeps one out of them.
 */
export const newsletterArchiveRouter = router({
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/archive',
        tags,
        summary: 'The newsletter archive: every broadcast sent and not private, newest first',
      },
      publicCache: ['newsletter'],
    })
    .input(z.void())
    .output(z.array(archiveIssueSummarySchema))
    .query(({ ctx }) => listArchive(ctx.database.db)),

  bySlug: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/archive/{slug}',
        tags,
        summary: 'One issue of the newsletter archive, its text as sanitized HTML',
      },
      // One entry per issue: an unknown or private slug is a 404, never kept.
      publicCache: ['newsletter'],
    })
    .input(archiveSlugInput)
    .output(archiveIssueSchema)
    .query(async ({ ctx, input }) => {
      const { body, ...issue } = found(ISSUE, await archiveIssueBySlug(ctx.database.db, input.slug));
      // The same sanitizing renderer as the mail's HTML and every page's Markdown (decision 038).
      return { ...issue, html: await markdownHtml(body) };
    }),

  setVisibility: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/broadcasts/{id}/visibility',
        tags,
        summary: 'Keep a broadcast out of the public archive, or put it back',
      },
      changes: ['newsletter'],
      audit: {
        action: 'broadcast.visibility-changed',
        subject: subjectFrom('broadcast'),
        detail: ({ input }) => ({ private: (input as { private?: unknown }).private === true }),
      },
    })
    .input(broadcastVisibilityInput)
    .output(broadcastSchema)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.database.db;
      if (!(await setBroadcastPrivate(db, input.id, input.private))) throw notFound(BROADCAST);
      return found(BROADCAST, await broadcastById(db, input.id));
    }),
});
