import {
  centsOfDecimal,
  decimalOfCents,
  type ExperimentMoney,
  type ExperimentTotals,
  type ExperimentTotalsList,
} from '@journey/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { costs, experimentAssignments, experiments, revenues } from './schema';

/**
 * Money per experiment (docs/decisions/082-experiment-money.md). An entry belongs to the experiment it
 * was assigned to by hand; else to the one a rule gives its price, else its product, else its whole
 * connection. Sums are exact `numeric`, sent as decimal strings.
 */
const attributedRevenue = sql`
  select r.amount, r.date,
    coalesce(r.experiment_id, price.experiment_id, product.experiment_id, connection.experiment_id) as experiment_id
  from ${revenues} r
  left join ${experimentAssignments} price
    on price.kind = 'price' and price.provider = r.provider and price.value = r.price_id
  left join ${experimentAssignments} product
    on product.kind = 'product' and product.provider = r.provider and product.value = r.product_id
  left join ${experimentAssignments} connection
    on connection.kind = 'connection' and connection.provider = r.provider and connection.value = ''`;

const money = (expression: string) => sql.raw(`round(coalesce(${expression}, 0), 2)::text`);

/** Each experiment's revenue and costs to date, one row per experiment that has money. */
const totalsByExperiment = sql`
  with money as (
    select experiment_id, amount as revenue, 0 as cost from (${attributedRevenue}) attributed
    where experiment_id is not null
    union all
    select ${costs.experimentId}, 0, ${costs.amount} from ${costs} where ${costs.experimentId} is not null
  )
  select experiment_id, sum(revenue) as revenue, sum(cost) as cost from money group by experiment_id`;

type TotalsRow<Key> = ExperimentTotals & Key;

/** Every experiment's revenue, costs and profit to date, one query; experiments without money are left out. */
export async function listExperimentTotals(db: Database): Promise<ExperimentTotalsList> {
  const rows = await db.execute<TotalsRow<{ experimentId: number }>>(sql`
    select experiment_id as "experimentId", ${money('revenue')} as revenue, ${money('cost')} as costs,
      ${money('revenue - cost')} as profit
    from (${totalsByExperiment}) totals order by experiment_id`);
  return rows.map((row) => ({ ...row, experimentId: Number(row.experimentId) }));
}

/** Every experiment with its totals to date (zero without money), in the arena's order (oldest first). */
export async function listArenaTotals(
  db: Database,
): Promise<TotalsRow<{ experimentId: number; slug: string }>[]> {
  const rows = await db.execute<TotalsRow<{ experimentId: number; slug: string }>>(sql`
    select e.id as "experimentId", e.slug, ${money('t.revenue')} as revenue, ${money('t.cost')} as costs,
      ${money('coalesce(t.revenue, 0) - coalesce(t.cost, 0)')} as profit
    from ${experiments} e left join (${totalsByExperiment}) t on t.experiment_id = e.id
    order by e.created_at, e.id`);
  return rows.map((row) => ({ ...row, experimentId: Number(row.experimentId) }));
}

/** One experiment's totals and its months, from the first month with money to `now`'s; null if unknown. */
export async function experimentFigures(
  db: Database,
  slug: string,
  now: Date,
): Promise<ExperimentMoney | null> {
  const [experiment] = await db.execute<{ id: number }>(sql`select id from experiments where slug = ${slug}`);
  if (!experiment) return null;
  const id = Number(experiment.id);
  const months = await db.execute<{ month: string; revenue: string; costs: string; profit: string }>(sql`
    with money as (
      select date, amount as revenue, 0 as cost from (${attributedRevenue}) attributed where experiment_id = ${id}
      union all
      select ${costs.date}, 0, ${costs.amount} from ${costs} where ${costs.experimentId} = ${id}
    ),
    bounds as (
      select date_trunc('month', min(date at time zone 'UTC')) as first,
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') as last
      from money having count(*) > 0
    ),
    sums as (
      select date_trunc('month', date at time zone 'UTC') as month, sum(revenue) as revenue, sum(cost) as cost
      from money group by 1
    )
    select to_char(m, 'YYYY-MM') as month, ${money('s.revenue')} as revenue, ${money('s.cost')} as costs,
      ${money('coalesce(s.revenue, 0) - coalesce(s.cost, 0)')} as profit
    from bounds
    cross join lateral generate_series(bounds.first, greatest(bounds.first, bounds.last), '1 month') m
    left join sums s on s.month = m
    order by m`);
  const total = (field: 'revenue' | 'costs' | 'profit') =>
    decimalOfCents(months.reduce((sum, row) => sum + centsOfDecimal(row[field]), 0n));
  return {
    slug,
    revenue: total('revenue'),
    costs: total('costs'),
    profit: total('profit'),
    months: [...months],
  };
}
