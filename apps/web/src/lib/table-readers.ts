import type { AppRouter } from '@journey/api';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from './trpc';

type RouterName = keyof inferRouterOutputs<AppRouter>;

/**
 * What each router's reads are built from, declared once: a write names the tables it changes, and
 * every router that reads one of them is refreshed whole (docs/decisions/067-invalidation-by-router.md).
 * A new read needs nothing here unless it makes its router read a table that is not listed yet.
 * Auth is left out: its hooks set the session from each answer (use-auth.ts).
 */
export const ROUTER_READS = {
  // The forecast aims at the target month of the settings.
  revenue: ['revenues', 'settings'],
  revenueImports: ['revenueImports'],
  // The admin's table shows when a milestone was mailed (docs/decisions/097-automatic-mail.md).
  milestones: ['milestones', 'broadcasts'],
  // An experiment's page and the arena's cards show its money (its revenue and costs, as the owner's
  // privacy allows) and its milestones (docs/decisions/082-experiment-money.md).
  experiments: ['experiments', 'revenues', 'settings', 'milestones', 'costs'],
  subscribers: ['subscribers'],
  // A reader's export (docs/decisions/096-subscriber-import.md).
  subscriberImports: ['subscribers'],
  // The Newsletter tab's 'Send to N subscribers' counts them.
  newsletter: ['broadcasts', 'outbox', 'subscribers'],
  // The public archive of the broadcasts sent (docs/decisions/095-newsletter-archive.md).
  newsletterArchive: ['broadcasts'],
  // The welcome mail and the digest's switch (docs/decisions/097-automatic-mail.md).
  newsletterAutomation: ['newsletterAutomation'],
  // The digest's switch and its draft waiting for approval, a broadcast.
  newsletterDigest: ['newsletterAutomation', 'broadcasts'],
  // The setup checklist ticks its revenue step (docs/decisions/060-admin-onboarding-and-honest-dates.md).
  settings: ['settings', 'revenues'],
  // The tracker's verified line: the share of the revenue, and each provider's last sync.
  connections: ['connections', 'revenues'],
  // A deleted experiment leaves its costs unlinked (docs/decisions/082-experiment-money.md).
  costs: ['costs', 'experiments'],
  costImports: ['costImports'],
  // Which ledger rows the public sees follows the privacy settings; a cost's writes are rows of it too
  // (docs/decisions/084-ledger-commitments.md).
  ledger: ['revenues', 'settings', 'costs'],
  // The owner's second factors, read by the Account tab alone (docs/decisions/086-one-time-codes.md).
  factors: ['factors'],
  // The Webhooks tab: a write that raises an event adds a delivery (docs/decisions/091-outgoing-webhooks.md).
  webhooks: ['webhooks', 'revenues', 'milestones', 'experiments', 'subscribers', 'broadcasts'],
  // The Activity tab: every write leaves a row in the audit trail (docs/decisions/088-audit-trail.md).
  audit: [
    'revenues',
    'settings',
    'milestones',
    'experiments',
    'costs',
    'subscribers',
    'broadcasts',
    'connections',
    'revenueImports',
    'costImports',
    'factors',
    'webhooks',
    'newsletterAutomation',
  ],
} as const satisfies Record<Exclude<RouterName, 'auth'>, readonly string[]>;

/** A table a write may change, as ROUTER_READS names it. */
export type Table = (typeof ROUTER_READS)[keyof typeof ROUTER_READS][number];

type ReaderRouter = keyof typeof ROUTER_READS;

/** The routers whose reads a write to `tables` makes stale. */
export function readersOf(tables: readonly Table[]): ReaderRouter[] {
  return (Object.keys(ROUTER_READS) as ReaderRouter[]).filter((name) =>
    ROUTER_READS[name].some((table: Table) => tables.includes(table)),
  );
}

/**
 * After a write to `tables`: every query of the routers that read them refetches if it is on screen,
 * and refetches when next shown if not. The promise settles once those on screen have their new data.
 */
export function useRefreshAfterWrite(...tables: Table[]): () => Promise<unknown> {
  const utils = trpc.useUtils();
  return () => Promise.all(readersOf(tables).map((name) => utils[name].invalidate()));
}
