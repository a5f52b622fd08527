import {
  LEGAL_PAGES,
  legalHtmlSchema,
  legalPageInput,
  settingsSchema,
  siteInfoSchema,
  storyHtmlSchema,
  type Settings,
  type SiteInfo,
} from '@journey/contracts';
import { saveSettings } from '@journey/db';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { markdownHtml, readSettings, storyHtml } from './read';

const tags = ['settings'];

const siteInfo = (settings: Settings): SiteInfo => ({
  siteName: settings.siteName,
  productName: settings.productName,
  contactEmail: settings.contactEmail,
  links: settings.links,
  journeyStartDate: settings.journeyStartDate,
  computedStats: settings.computedStats,
});

/** The owner's settings (docs/decisions/037-owner-settings.md): read by anyone, each read cached until a save. */
export const settingsRouter = router({
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/settings', tags, summary: "The owner's settings, every field" },
      publicCache: ['settings'],
    })
    .input(z.void())
    .output(settingsSchema)
    .query(({ ctx }) => readSettings(ctx)),

  /** The whole record, as `get` answers it; a field left out is refused, never kept as it was. */
  update: protectedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/admin/settings', tags, summary: "Replace the owner's settings" },
      changes: ['settings'],
    })
    .input(settingsSchema)
    .output(settingsSchema)
    .mutation(async ({ ctx, input }) => {
      const saved = await saveSettings(ctx.database.db, input);
      // The save pays for rendering the texts (see read.ts), not the next reader.
      await Promise.all([
        storyHtml(saved.story),
        ...LEGAL_PAGES.map((page) => markdownHtml(saved.legal[page.key])),
      ]);
      return saved;
    }),

  /** What every page shows: names, contact, links and the journey's start; no Markdown. */
  site: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/settings/site', tags, summary: 'The site name, contact and links' },
      publicCache: ['settings'],
    })
    .input(z.void())
    .output(siteInfoSchema)
    .query(async ({ ctx }) => siteInfo(await readSettings(ctx))),

  story: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/settings/story',
        tags,
        summary: 'The story as sanitized HTML, its leading quote apart',
      },
      publicCache: ['settings'],
    })
    .input(z.void())
    .output(storyHtmlSchema)
    .query(async ({ ctx }) => storyHtml((await readSettings(ctx)).story)),

  legal: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/settings/legal/{page}',
        tags,
        summary: 'A legal page (privacy, terms or cookies) as sanitized HTML',
      },
      publicCache: ['settings'],
    })
    .input(legalPageInput)
    .output(legalHtmlSchema)
    .query(async ({ ctx, input }) => {
      const { legal } = await readSettings(ctx);
      const title = LEGAL_PAGES.find((page) => page.key === input.page)?.title ?? input.page;
      return { title, html: await markdownHtml(legal[input.page]) };
    }),
});
