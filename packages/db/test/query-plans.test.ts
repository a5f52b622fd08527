import {
  EXPERIMENT_SORTS,
  experimentPageInput,
  MILESTONE_SORTS,
  milestonePageInput,
  REVENUE_SORTS,
  revenuePageInput,
  SUBSCRIBER_SORTS,
  subscriberPageInput,
  type Page,
} from '@journey/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getMilestoneDetail,
  pageExperiments,
  pageMilestones,
  pageRevenues,
  pageSubscribers,
  type Database,
} from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

const LARGE_TABLES = ['revenues', 'milestones', 'experiments', 'subscribers'];
const ROWS = 20_000;

const recorded: { query: string; params: unknown[] }[] = [];
let test: TestDatabase;

// Seeds thousands of rows: its own limit, since 2 minutes were not enough beside other builds (decision 058).
beforeAll(async () => {
  test = await createTestDatabase({
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  });
  // Enough rows that the planner prefers a full scan whenever no index serves the query.
  const db = test.handle.db;
  await db.execute(sql`
    insert into revenues (amount, source, description, date)
    select (n % 5000) + 0.5, (array['ai', 'passive', 'consulting'])[n % 3 + 1], 'Entry ' || md5(n::text),
           timestamptz '2020-01-01' + n * interval '1 hour'
    from generate_series(1, ${ROWS}) as n`);
  await db.execute(sql`
    insert into milestones (title, description, date, day, is_revenue, amount)
    select 'Milestone ' || md5(n::text), 'What happened on day ' || n, timestamptz '2020-01-01' + n * interval '1 hour',
           n, n % 2, case when n % 2 = 1 then 100.00 end
    from generate_series(1, ${ROWS}) as n`);
  await db.execute(sql`
    insert into experiments (title, description, status, status_color, project_count, image_url, slug)
    select 'Experiment ' || md5(n::text), 'An experiment', (array['Active', 'Popular', 'Flagship'])[n % 3 + 1],
           'blue', n % 50, '/images/x.jpg', 'experiment-' || md5(n::text)
    from generate_series(1, ${ROWS}) as n`);
  await db.execute(sql`
    insert into subscribers (email, consent, created_at)
    select 'reader' || n || '@example.com', n % 2, timestamptz '2020-01-01' + n * interval '1 minute'
    from generate_series(1, ${ROWS}) as n`);
  await db.execute(sql`analyze`);
}, 600_000);
afterAll(() => test?.cleanup());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function* nodesOf(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodesOf(child);
}

/** Each query the call sent, with the plan nodes that read a large table whole or sort rows. */
async function offendingNodes<T>(call: () => Promise<T>) {
  recorded.length = 0;
  const page = await call();
  const queries = recorded.filter((r) => /^select/i.test(r.query));
  const offences: string[] = [];
  for (const { query, params } of queries) {
    const [row] = await test.handle.query(`explain (format json) ${query}`, params);
    const plan = (Object.values(row ?? {})[0] as [{ Plan: PlanNode }])[0].Plan;
    for (const node of nodesOf(plan)) {
      const fullScan =
        node['Node Type'].includes('Seq Scan') && LARGE_TABLES.includes(node['Relation Name'] ?? '');
      if (fullScan || node['Node Type'].includes('Sort')) offences.push(`${node['Node Type']} in: ${query}`);
    }
  }
  return { page, queries: queries.length, offences };
}

/** Counted the slow way, to check the trigger-kept totals the pages report. */
async function countAll(): Promise<Record<string, number>> {
  const [row] = await test.handle.query(`
    select (select count(*) from revenues)::int as revenue, (select count(*) from milestones)::int as milestones,
           (select count(*) from experiments)::int as experiments, (select count(*) from subscribers)::int as subscribers`);
  return row as Record<string, number>;
}

/** One admin table: its name in `countAll`, its sorts, and a page of it for the request's fields. */
interface AdminTable {
  name: string;
  sorts: readonly string[];
  /** The statements a page takes: its rows and its total, and any read of what the rows are joined to. */
  queries: number;
  page(db: Database, fields: Record<string, unknown>): Promise<Page<unknown>>;
}

/** The table whose page requests `input` reads and `page` serves. */
const adminTable = <Request>(
  name: string,
  sorts: readonly string[],
  input: { parse: (fields: unknown) => Request },
  page: (db: Database, request: Request) => Promise<Page<unknown>>,
  queries = 2,
): AdminTable => ({ name, sorts, queries, page: (db, fields) => page(db, input.parse(fields)) });

const TABLES = [
  adminTable('revenue', REVENUE_SORTS, revenuePageInput, pageRevenues),
  // The third: when the page's milestones were mailed, by broadcasts' unique milestone_id (decision 097).
  adminTable('milestones', MILESTONE_SORTS, milestonePageInput, pageMilestones, 3),
  adminTable('experiments', EXPERIMENT_SORTS, experimentPageInput, pageExperiments),
  adminTable('subscribers', SUBSCRIBER_SORTS, subscriberPageInput, pageSubscribers),
];

describe(`admin pages over ${ROWS.toLocaleString('en-US')} rows are served by indexes (EXPLAIN)`, () => {
  for (const table of TABLES) {
    it(`${table.name}: every sort, both directions, first and next page`, async () => {
      const db = test.handle.db;
      const rowsIn = await countAll();
      for (const sort of table.sorts) {
        for (const direction of ['asc', 'desc']) {
          const request = (cursor?: string) => ({ sort, direction, limit: 25, cursor });
          const first = await offendingNodes(() => table.page(db, request()));
          expect(first.queries, `${sort} ${direction}: rows and total`).toBe(table.queries);
          expect(first.offences, `${sort} ${direction}, first page`).toEqual([]);
          expect(first.page.total, 'the total matches the table').toBe(rowsIn[table.name]);
          const cursor = first.page.nextCursor;
          expect(cursor).toBeTruthy();
          const next = await offendingNodes(() => table.page(db, request(cursor ?? undefined)));
          expect(next.offences, `${sort} ${direction}, next page`).toEqual([]);
          expect(next.page.items).toHaveLength(25);
        }
      }
    });
  }
});

describe(`a milestone page over ${ROWS.toLocaleString('en-US')} milestones is served by indexes (EXPLAIN)`, () => {
  it('reads the milestone and its previous and next ones without a full scan or a sort', async () => {
    const [middle] = await test.handle.query(`select id, day from milestones where day = ${ROWS / 2}`);
    const { id } = middle as { id: number };
    const {
      page: detail,
      queries,
      offences,
    } = await offendingNodes(() => getMilestoneDetail(test.handle.db, id));
    expect(queries).toBe(3);
    expect(offences).toEqual([]);
    expect(detail?.milestone.day).toBe(ROWS / 2);
    expect(detail?.previous?.day).toBe(ROWS / 2 - 1);
    expect(detail?.next?.day).toBe(ROWS / 2 + 1);
  });
});
