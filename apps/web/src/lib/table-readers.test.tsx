import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/providers';
import { testSite } from '../../test/site';
import { callsTo, ok } from '../../test/trpc';
import { milestonePageKey } from '../features/milestone-pages/milestone-page-key';
import { readersOf, useRefreshAfterWrite, type Table } from './table-readers';
import { trpc } from './trpc';

/** Queries of several routers, none on screen: what a write leaves fresh or marks stale. */
const cached = {
  revenuePage: getQueryKey(trpc.revenue.page, { limit: 20 }, 'query'),
  revenueHistory: getQueryKey(trpc.revenue.history, { id: 4 }, 'query'),
  setup: getQueryKey(trpc.settings.setup, undefined, 'query'),
  milestones: getQueryKey(trpc.milestones.list, undefined, 'query'),
  milestonePage: milestonePageKey(3),
  experiments: getQueryKey(trpc.experiments.list, undefined, 'query'),
  newsletterStatus: getQueryKey(trpc.newsletter.status, undefined, 'query'),
} satisfies Record<string, QueryKey>;

function Summary(props: { tables: Table[]; onRefreshed: () => void }) {
  const summary = trpc.revenue.summary.useQuery();
  const refresh = useRefreshAfterWrite(...props.tables);
  return (
    <>
      <p>Total {summary.data?.totalRevenue ?? '…'}</p>
      <button type="button" onClick={() => void refresh().then(props.onRefreshed)}>
        Refresh
      </button>
    </>
  );
}

function seed(queryClient: QueryClient) {
  for (const key of Object.values(cached)) queryClient.setQueryData(key, { seeded: true });
}

const stale = (queryClient: QueryClient) =>
  Object.entries(cached)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

async function refreshAfterWriteTo(tables: Table[]) {
  let total = 100;
  let refreshed = false;
  const view = renderWithProviders(<Summary tables={tables} onRefreshed={() => (refreshed = true)} />, {
    // The site's settings are on every page: a write to what the settings router reads refetches them.
    trpc: { 'revenue.summary': () => ok({ totalRevenue: String(total++) }), 'settings.site': ok(testSite()) },
  });
  seed(view.queryClient);
  expect(await screen.findByText('Total 100')).toBeInTheDocument();
  await act(async () => screen.getByRole('button', { name: 'Refresh' }).click());
  return { ...view, refreshed: () => refreshed };
}

describe('readersOf', () => {
  it('names every router that reads a table a write changes', () => {
    // The Activity tab (audit) reads the trail every write adds to (docs/decisions/088-audit-trail.md).
    expect(readersOf(['revenues'])).toEqual([
      'revenue',
      'experiments',
      'settings',
      'connections',
      'ledger',
      // An entry raises revenue.created: the Webhooks tab's deliveries (docs/decisions/091-outgoing-webhooks.md).
      'webhooks',
      'audit',
    ]);
    expect(readersOf(['connections'])).toEqual(['connections', 'audit']);
    expect(readersOf(['settings'])).toEqual(['revenue', 'experiments', 'settings', 'ledger', 'audit']);
    expect(readersOf(['subscribers'])).toEqual([
      'subscribers',
      'subscriberImports',
      'newsletter',
      'webhooks',
      'audit',
    ]);
    expect(readersOf(['revenues', 'revenueImports'])).toEqual([
      'revenue',
      'revenueImports',
      'experiments',
      'settings',
      'connections',
      'ledger',
      'webhooks',
      'audit',
    ]);
    expect(readersOf(['outbox'])).toEqual(['newsletter']);
  });
});

describe('useRefreshAfterWrite', () => {
  it('refetches the reads on screen and marks the others of the same routers stale', async () => {
    const { calls, queryClient, refreshed } = await refreshAfterWriteTo(['revenues']);
    expect(await screen.findByText('Total 101')).toBeInTheDocument();
    expect(callsTo(calls, 'revenue.summary')).toHaveLength(2);
    expect(refreshed()).toBe(true);
    expect(stale(queryClient)).toEqual(['experiments', 'revenueHistory', 'revenuePage', 'setup']);
    // Off-screen reads wait until they are shown again; those on screen refetch in one batch.
    expect(calls.map((call) => call.procedures)).toEqual([
      ['revenue.summary'],
      ['revenue.summary', 'settings.site'],
    ]);
  });

  it("refreshes a milestone page's data with the milestones router", async () => {
    const { calls, queryClient } = await refreshAfterWriteTo(['milestones']);
    // An experiment's page lists its milestones.
    expect(stale(queryClient)).toEqual(['experiments', 'milestonePage', 'milestones']);
    expect(calls).toHaveLength(1);
  });
});
