import {
  centsOfDecimal,
  decimalOfCents,
  digestMonthLabel,
  experimentPath,
  formatDate,
  formatMoney,
  milestonePath,
  shownAmount,
  stricterOf,
  type PrivacySettings,
} from '@journey/contracts';
import { listExperiments, listMilestones, monthlyRevenueBySource, monthOf } from '@journey/db';
import type { Services } from '../../trpc/context';
import { readPrivacy, shownMetrics } from '../privacy/shown-figures';
import { revenueMetrics } from '../revenue/metrics';
import { readSettings } from '../settings/read';

type DigestServices = Pick<Services, 'config' | 'database' | 'now'>;

/** The last complete calendar month (UTC) at `now`, `YYYY-MM`. */
export const lastCompleteMonth = (now: Date) => monthOf(now, -1);

/** `[start, end)` of a `YYYY-MM` month, in UTC. */
function boundsOf(month: string): { start: Date; end: Date } {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return {
    start: new Date(Date.UTC(year, monthNumber - 1, 1)),
    end: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

const within = (iso: string | null, bounds: { start: Date; end: Date }) => {
  if (iso === null) return false;
  const at = new Date(iso).getTime();
  return at >= bounds.start.getTime() && at < bounds.end.getTime();
};

/** An amount as its privacy level shows it: formatted as the site does, its band, or null when hidden. */
function shown(amount: string, level: PrivacySettings['total']): string | null {
  const figure = shownAmount(amount, level);
  if (figure.amount !== null) return formatMoney(figure.amount);
  return figure.range;
}

const signed = (cents: bigint) => {
  const size = formatMoney(decimalOfCents(cents < 0n ? -cents : cents));
  return cents < 0n ? `down ${size}` : `up ${size}`;
};

/**
 * The month's revenue lines, every figure passed through the owner's privacy as the public pages pass
 * it (docs/decisions/083-privacy-per-figure.md): the month's revenue per `monthly`; the running total
 * at the month's end per `total`, and no more exactly than a band unless the months are exact too
 * (two month-end totals differenced would give a hidden month away); MRR and its change over the
 * month per `mrr`, read from the metrics as shown at the month's last instant.
 */
async function revenueLines(
  services: DigestServices,
  month: string,
  privacy: PrivacySettings,
): Promise<string[]> {
  const label = digestMonthLabel(month);
  const monthEnd = new Date(boundsOf(month).end.getTime() - 1);
  const [months, exactMetrics] = await Promise.all([
    monthlyRevenueBySource(services.database.db),
    revenueMetrics({ ...services, now: () => monthEnd }),
  ]);
  const metrics = shownMetrics(exactMetrics, privacy);
  const lines: string[] = [];
  const earned = metrics.currentMonth.total
    ? formatMoney(metrics.currentMonth.total)
    : metrics.ranges.currentMonth;
  if (earned !== null) lines.push(`- Revenue earned in ${label}: **${earned}**`);
  const runningCents = months
    .filter((row) => row.month <= month)
    .reduce((sum, row) => sum + centsOfDecimal(row.total), 0n);
  const runningLevel = privacy.monthly === 'exact' ? privacy.total : stricterOf(privacy.total, 'range');
  const running = shown(decimalOfCents(runningCents), runningLevel);
  if (running !== null) lines.push(`- Total earned by the end of ${label}: **${running}**`);
  if (metrics.mrr !== null) {
    const movement = metrics.movements?.find((row) => row.month === month);
    const change = movement
      ? centsOfDecimal(movement.new) +
        centsOfDecimal(movement.expansion) +
        centsOfDecimal(movement.reactivation) +
        centsOfDecimal(movement.fx) -
        centsOfDecimal(movement.contraction) -
        centsOfDecimal(movement.churn)
      : null;
    const changeText = change === null || change === 0n ? '' : ` (${signed(change)} over the month)`;
    lines.push(
      `- Monthly recurring revenue at the end of ${label}: **${formatMoney(metrics.mrr)}**${changeText}`,
    );
  } else if (metrics.ranges.mrr !== null) {
    lines.push(`- Monthly recurring revenue at the end of ${label}: **${metrics.ranges.mrr}**`);
  }
  return lines;
}

const linkText = (text: string) => text.replace(/\s+/g, ' ').replace(/([[\]\\])/g, '\\$1');

/** The month's digest as a draft broadcast's subject and Markdown body. */
export async function composeDigest(
  services: DigestServices,
  month: string,
): Promise<{ subject: string; body: string }> {
  const db = services.database.db;
  const bounds = boundsOf(month);
  const label = digestMonthLabel(month);
  const [settings, privacy, milestones, experiments] = await Promise.all([
    readSettings(services),
    readPrivacy(services),
    listMilestones(db),
    listExperiments(db),
  ]);
  const sections: string[] = [`Here is how ${label} went.`];

  const revenue = await revenueLines(services, month, privacy);
  if (revenue.length > 0) sections.push(`## Revenue\n\n${revenue.join('\n')}`);

  const reached = milestones.filter((milestone) => within(milestone.date, bounds));
  if (reached.length > 0)
    sections.push(
      `## Milestones\n\n${reached
        .map(
          (milestone) =>
            `- [${linkText(milestone.title)}](${milestonePath(milestone)}), ${formatDate(milestone.date)}`,
        )
        .join('\n')}`,
    );

  const link = (experiment: { title: string; slug: string }) =>
    `[${linkText(experiment.title)}](${experimentPath(experiment)})`;
  const experimentLines = [
    ...experiments
      .filter((experiment) => within(experiment.createdAt, bounds))
      .map((e) => `- Started: ${link(e)}`),
    ...experiments
      .filter((experiment) => experiment.state !== 'running' && within(experiment.stateChangedAt, bounds))
      .map((e) => {
        const verb = e.state === 'paused' ? 'Paused' : 'Killed';
        return `- ${verb}: ${link(e)}${e.verdict ? ` (${e.verdict.replace(/\s+/g, ' ')})` : ''}`;
      }),
  ];
  if (experimentLines.length > 0) sections.push(`## Experiments\n\n${experimentLines.join('\n')}`);

  if (reached.length === 0 && experimentLines.length === 0)
    sections.push('No milestones were reached and no experiments started or stopped this month.');

  return {
    subject: `${settings.siteName}: ${label} in review`.replace(/\s+/g, ' '),
    body: sections.join('\n\n'),
  };
}
