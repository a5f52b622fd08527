/**
 * The one list of what public answers are built from: each public table (the cache's tag) with the
 * database tables whose committed writes change it. Exactly these database tables notify
 * DATA_CHANGE_CHANNEL with their own name: each start gives every one its trigger and drops those of
 * tables no longer listed (public-change-triggers.ts), and a notification is mapped back through this
 * list (docs/decisions/061-one-caching-seam.md, 075-public-tables-declared-once.md).
 */
export const PUBLIC_TABLES = {
  // The correction ledger is written with the entries; the running totals (revenue_totals,
  // revenue_days) change only with them and notify nothing of their own.
  // Recurring revenue (docs/decisions/080-recurring-revenue.md) is part of the revenue metrics, and
  // converts with the ECB's rates: a rate loaded late for a past day moves it.
  revenues: ['revenues', 'revenue_ledger', 'subscription_periods', 'exchange_rates'],
  milestones: ['milestones'],
  // An experiment's figures are its costs and the revenue its rules give it (decision 082).
  experiments: ['experiments', 'costs', 'experiment_assignments'],
  // The owner's settings: the one site_settings row.
  settings: ['site_settings'],
  // Which providers vouch for the revenue, and how recently (docs/decisions/077-provider-connections.md).
  connections: ['provider_connections'],
  // The newsletter archive: the broadcasts sent and not private (docs/decisions/095-newsletter-archive.md).
  newsletter: ['broadcasts'],
} as const satisfies Record<string, readonly string[]>;

export type PublicTable = keyof typeof PUBLIC_TABLES;

export const PUBLIC_TABLE_NAMES = Object.keys(PUBLIC_TABLES) as PublicTable[];

/** The database tables whose triggers notify, each once. */
export const NOTIFYING_TABLES: readonly string[] = Object.values(PUBLIC_TABLES).flat();

/** The public tables a notification about `table` concerns: every one for a table the list lacks. */
export function publicTablesChangedBy(table: string): readonly PublicTable[] {
  const concerned = PUBLIC_TABLE_NAMES.filter((name) =>
    (PUBLIC_TABLES[name] as readonly string[]).includes(table),
  );
  return concerned.length > 0 ? concerned : PUBLIC_TABLE_NAMES;
}
