import {
  AMOUNT_BAND_RULE,
  effectivePrivacy,
  shownAmount,
  type ArenaFigures,
  type ExperimentFigures,
  type ExperimentMoney,
  type ExperimentTotals,
  type PrivacyLevel,
  type ShownTotals,
} from '@journey/contracts';
import { experimentFigures, listArenaTotals } from '@journey/db';
import type { Services } from '../../trpc/context';
import { readSettings } from '../settings/read';

/**
 * The experiments' money as it leaves the server (docs/decisions/083-privacy-per-figure.md): every
 * amount passes through `shownAmount` at the level that applies to the experiments (the owner's
 * `privacy.experiments`, never more exact than the total, which their revenue adds up to). Each
 * answer is built field by field from the exact sums, never spread from them, so nothing exact slips
 * through.
 */

type Readers = Pick<Services, 'config' | 'database' | 'now'>;

/** Revenue, costs and profit to date: exact, as bands, or neither. */
export function shownTotals(totals: ExperimentTotals, level: PrivacyLevel): ShownTotals {
  return {
    revenue: shownAmount(totals.revenue, level),
    costs: shownAmount(totals.costs, level),
    profit: shownAmount(totals.profit, level),
  };
}

/** The band rule goes with ranged figures only. */
const bandRuleOf = (level: PrivacyLevel) => (level === 'range' ? AMOUNT_BAND_RULE : null);

/** One experiment's figures; the months only when exact, as a series of bands would narrow each band. */
export function shownFigures(money: ExperimentMoney, level: PrivacyLevel): ExperimentFigures {
  return {
    slug: money.slug,
    privacy: level,
    ...shownTotals(money, level),
    months: level === 'exact' ? money.months : [],
    bandRule: bandRuleOf(level),
  };
}

const experimentsPrivacy = async (services: Readers) =>
  effectivePrivacy((await readSettings(services)).privacy).experiments;

/** The figures of the experiment at /lab/{slug}, or null when no experiment has that slug. */
export async function figuresOf(services: Readers, slug: string): Promise<ExperimentFigures | null> {
  const [money, level] = await Promise.all([
    experimentFigures(services.database.db, slug, services.now()),
    experimentsPrivacy(services),
  ]);
  return money && shownFigures(money, level);
}

/** Every experiment's figures to date, for the arena's cards. */
export async function arenaFigures(services: Readers): Promise<ArenaFigures> {
  const [totals, level] = await Promise.all([
    listArenaTotals(services.database.db),
    experimentsPrivacy(services),
  ]);
  return {
    privacy: level,
    bandRule: bandRuleOf(level),
    experiments: totals.map((row) => ({
      experimentId: row.experimentId,
      slug: row.slug,
      ...shownTotals(row, level),
    })),
  };
}
