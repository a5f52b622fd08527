import type { BroadcastInput } from '@journey/contracts';
import { milestoneBroadcast } from '@journey/contracts/constants';
import { paths } from '../../lib/paths';

/*
 * What the compose form holds lives in the URL (docs/decisions/041-newsletter-tab.md), so a reload
 * keeps it: `?tab=newsletter&draft=7` edits draft 7; `&subject=…&body=…` starts a new draft
 * prefilled, as 'Send as update' does. A bare `?tab=newsletter` starts an empty one.
 */

export const NEWSLETTER_TAB = 'newsletter';

export type ComposeTarget = { kind: 'draft'; id: number } | { kind: 'new'; prefill: BroadcastInput | null };

export function readComposeTarget(params: URLSearchParams): ComposeTarget {
  const id = Number(params.get('draft'));
  if (Number.isInteger(id) && id > 0) return { kind: 'draft', id };
  const subject = params.get('subject');
  const body = params.get('body');
  return { kind: 'new', prefill: subject || body ? { subject: subject ?? '', body: body ?? '' } : null };
}

/** The Newsletter tab's search parameters for `target`. */
export function composeParams(target: ComposeTarget): Record<string, string> {
  if (target.kind === 'draft') return { tab: NEWSLETTER_TAB, draft: String(target.id) };
  return target.prefill ? { tab: NEWSLETTER_TAB, ...target.prefill } : { tab: NEWSLETTER_TAB };
}

/**
 * A new milestone as a broadcast: its title, its description and a site-relative link to its page
 * (the server makes the link absolute in the mail).
 */
export function milestoneUpdateHref(milestone: { id: number; title: string; description: string }): string {
  const query = new URLSearchParams(composeParams({ kind: 'new', prefill: milestoneBroadcast(milestone) }));
  return `${paths.admin}?${query.toString()}`;
}
