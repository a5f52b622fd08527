import {
  defaultSiteName,
  LEGAL_PAGES,
  SETUP_STEPS,
  setupChecklistSchema,
  legalHtmlSchema,
  legalPageInput,
  publicSettingsSchema,
  settingsSchema,
  siteInfoSchema,
  storyHtmlSchema,
  type Settings,
  type SetupChecklist,
  type SetupStepKey,
  type SiteInfo,
} from '@journey/contracts';
import { saveSettings, setupFacts } from '@journey/db';
import { z } from 'zod';
import type { Services } from '../../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { changedFields } from '../audit/audit-meta';
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

/**
 * The setup checklist from the data (docs/decisions/060-admin-onboarding-and-honest-dates.md): a step
 * is done when what it asks for is in the database, whoever wrote it and however.
 */
async function setupChecklist(
  services: Pick<Services, 'config' | 'database' | 'now'>,
): Promise<SetupChecklist> {
  const settings = await readSettings(services);
  const facts = await setupFacts(services.database.db);
  const { productName } = services.config;
  const done: Record<SetupStepKey, boolean> = {
    journeyStart: facts.installDay !== null && settings.journeyStartDate !== facts.installDay,
    siteName: settings.siteName !== defaultSiteName(productName) || settings.productName !== productName,
    contact: settings.contactEmail !== '' || Object.values(settings.links).some((link) => link !== ''),
    revenue: facts.hasRevenue,
    computedStats: settings.computedStats,
  };
  return {
    dismissed: settings.setupDismissed,
    steps: SETUP_STEPS.map((step) => ({ key: step.key, done: done[step.key] })),
  };
}

/** The owner's settings (docs/decisions/037-owner-settings.md): read by anyone, each read cached until a save. */
export const settingsRouter = router({
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/settings', tags, summary: "The owner's settings, every field" },
      publicCache: ['settings'],
    })
    .input(z.void())
    .output(publicSettingsSchema)
    .query(({ ctx }) => readSettings(ctx)),

  /** The whole record, as `get` answers it; a field left out is refused, never kept as it was. */
  update: protectedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/admin/settings', tags, summary: "Replace the owner's settings" },
      changes: ['settings'],
      audit: { action: 'settings.saved' },
    })
    .input(settingsSchema)
    .output(publicSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      // The checklist's dismissal is not the Site tab's to change (docs/decisions/060-admin-onboarding-and-honest-dates.md).
      // Nor is the sync schedule, which the Connections tab sets.
      const before = await readSettings(ctx);
      const { setupDismissed, syncIntervalMinutes } = before;
      const saved = await saveSettings(ctx.database.db, { ...input, setupDismissed, syncIntervalMinutes });
      // The names of the fields changed, never their values (a legal page is long, an address private).
      ctx.auditNote.detail = { fields: changedFields(before, saved) };
      // The save pays for rendering the texts (see read.ts), not the next reader.
      await Promise.all([
        storyHtml(saved.story),
        ...LEGAL_PAGES.map((page) => markdownHtml(saved.legal[page.key])),
      ]);
      return saved;
    }),

  /** The admin's setup checklist: each step done or not, and whether it was dismissed. */
  setup: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/setup', tags, summary: 'The setup checklist, from the data' },
    })
    .input(z.void())
    .output(setupChecklistSchema)
    .query(({ ctx }) => setupChecklist(ctx)),

  /** Hides the checklist for good, done or not. */
  dismissSetup: protectedProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/setup/dismiss', tags, summary: 'Dismiss the setup checklist' },
      changes: ['settings'],
      audit: { action: 'settings.setup-dismissed' },
    })
    .input(z.void())
    .output(setupChecklistSchema)
    .mutation(async ({ ctx }) => {
      await saveSettings(ctx.database.db, { ...(await readSettings(ctx)), setupDismissed: true });
      return setupChecklist(ctx);
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
