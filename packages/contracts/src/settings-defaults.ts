import { legalTemplates } from './legal-defaults';
import { EXACT_PRIVACY } from './privacy';
import { SYNC_INTERVAL_LIMITS, type Settings } from './settings';
import { defaultSiteName, SOCIAL_LINKS } from './settings-values';
import { recordOf } from './records';

/** Markdown shows any ASCII punctuation after a backslash as itself: a name stays text. */
export const escapeMarkdown = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&');

/** 'The Spark' as the landing page told it before the owner could edit it, in Markdown. */
function defaultStory(productName: string): string {
  return `> The tools finally outgrew the team. What if the company is just me, and everything else is leverage?
>
> — a note to myself, 2:14 a.m.

It started on an ordinary Tuesday, with a pull request I did not write. I had asked an AI model to fix a
flaky payment webhook in a side project, went to make coffee, and came back to a tested, documented fix
that was better than the one I had planned. I sat there longer than I would like to admit. For ten years
I had believed that building something big meant hiring fast, raising money and managing people. That
morning the belief cracked.

So I did the math that founders are told not to do. A company is a bundle of jobs: writing, design,
support, sales, research, bookkeeping, code. Each of those jobs now has an assistant that works at the
speed of thought and never sleeps. One person with judgement and taste, directing a fleet of models,
could run dozens of small products at once. Most would fail. A few would not. And the ones that worked
would compound.

The goal is deliberately absurd: one billion dollars of revenue, built by one human. Not a valuation,
not a fundraising headline: revenue, earned from customers. The first solo AI-powered
${escapeMarkdown(productName)}. It might take a decade. It might not happen at all. But the attempt
itself is the most interesting experiment I can imagine, and I want it on the record.

That is why this site exists. Every dollar is logged in the tracker above, every win and every faceplant
lands on the timeline below, and every experiment in the lab is open for you to watch. No team page,
because there is no team. Just the work, in public, from day one.
`;
}

/**
 * What a new database starts with (docs/decisions/037-owner-settings.md): `productName` is the
 * server's SITE_PRODUCT_NAME, `today` (YYYY-MM-DD) the day the settings are first read.
 */
export function defaultSettings({ productName, today }: { productName: string; today: string }): Settings {
  const siteName = defaultSiteName(productName);
  return {
    siteName,
    productName,
    story: defaultStory(productName),
    contactEmail: '',
    links: recordOf(
      SOCIAL_LINKS.map((link) => link.key),
      () => '',
    ),
    journeyStartDate: today,
    computedStats: false,
    forecastTargetMonth: '',
    setupDismissed: false,
    syncIntervalMinutes: SYNC_INTERVAL_LIMITS.default,
    privacy: { ...EXACT_PRIVACY },
    legal: legalTemplates({ siteName: escapeMarkdown(siteName), today }),
  };
}
