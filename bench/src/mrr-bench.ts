/**
 * `pnpm bench:mrr`: how long recurring revenue takes to compute (docs/decisions/080-recurring-revenue.md)
 * from billed periods, for histories of growing size: monthly and yearly plans, upgrades, churn and a
 * currency with a changing rate. The metrics compute it on each rebuild of their cached answer. Prints
 * a Markdown table, for the section at the top of bench/history/runs.md.
 */
import { performance } from 'node:perf_hooks';
import { recurringRevenueCents, type SubscriptionPeriod, type UsdRateOf } from '@journey/contracts';

const CUSTOMERS = [1_000, 5_000, 20_000];
const MONTHS = 24;
/** Runs per size; the median is reported. */
const RUNS = Number(process.env.MRR_BENCH_RUNS) || 5;
const NOW = new Date('2026-11-27T12:00:00Z');
const START = Date.UTC(2024, 11, 1);

const DAY = 86_400_000;
const monthStart = (index: number) => new Date(START + index * 30.4 * DAY);

/** A history of `customers`: a tenth yearly, a fifth in euros, one in seven upgrades, one in five churns. */
function history(customers: number): SubscriptionPeriod[] {
  const periods: SubscriptionPeriod[] = [];
  let line = 0;
  for (let customer = 0; customer < customers; customer += 1) {
    const first = customer % MONTHS;
    const yearly = customer % 10 === 0;
    const currency = customer % 5 === 0 ? 'EUR' : 'USD';
    const last = customer % 5 === 1 ? Math.min(MONTHS, first + 6) : MONTHS;
    const step = yearly ? 12 : 1;
    for (let month = first; month < last; month += step) {
      const upgraded = customer % 7 === 0 && month >= first + 3;
      periods.push({
        provider: 'stripe',
        externalId: `il_${(line += 1)}`,
        subscriptionId: `sub_${customer}`,
        customerId: `cus_${customer}`,
        productId: 'prod_bench',
        priceId: upgraded ? 'price_pro' : 'price_base',
        periodStart: monthStart(month),
        periodEnd: monthStart(month + step),
        amount: yearly ? '480.00' : upgraded ? '90.00' : '40.00',
        currency,
        intervalUnit: yearly ? 'year' : 'month',
        intervalCount: 1,
      });
    }
  }
  return periods;
}

const rate: UsdRateOf = (_currency, day) => 1.05 + (Number(day.slice(5, 7)) % 4) * 0.02;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const rows: string[] = [];
for (const customers of CUSTOMERS) {
  const periods = history(customers);
  let mrr = 0;
  const times = Array.from({ length: RUNS }, () => {
    const started = performance.now();
    mrr = recurringRevenueCents(periods, rate, NOW)?.mrr ?? 0;
    return performance.now() - started;
  });
  const ms = median(times);
  console.error(`${customers} customers, ${periods.length} periods: ${Math.round(ms)} ms`);
  rows.push(
    `| ${customers.toLocaleString('en-US')} | ${periods.length.toLocaleString('en-US')} | ${Math.round(ms)} ms | $${(mrr / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} |`,
  );
}
console.log(['| customers | periods | median | MRR |', '| ---: | ---: | ---: | ---: |', ...rows].join('\n'));
