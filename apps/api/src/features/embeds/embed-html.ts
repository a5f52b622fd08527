import {
  escapeMarkup,
  formatDate,
  formatMoney,
  REVENUE_SERIES_RANGE_LABELS,
  REVENUE_TARGET,
  type EmbedTheme,
  type PrivacyLevel,
  type RevenueSeries,
} from '@journey/contracts';
import { badgeFigures, PALETTES } from '../badge/badge-svg';

/**
 * The iframe widgets (docs/decisions/092-embeds-and-shields.md): whole pages of server-rendered HTML
 * with their CSS inline and the chart an inline SVG, so they run no script, load nothing else and stay
 * a few kilobytes.
 */

const TARGET = formatMoney(REVENUE_TARGET, { cents: false });

function page(title: string, theme: EmbedTheme, siteUrl: string, body: string): string {
  const c = PALETTES[theme];
  const css = [
    `html{color-scheme:${theme}}`,
    `body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${c.background};color:${c.text}}`,
    `main{box-sizing:border-box;min-height:100vh;padding:12px 16px;border:1px solid ${c.border};border-radius:8px}`,
    `h1{margin:0;font-size:13px;font-weight:600;color:${c.muted}}`,
    `.figure{margin:4px 0 8px;font-size:24px;font-weight:700}`,
    `.percent{font-size:13px;font-weight:400;color:${c.muted};margin-left:8px}`,
    `.track{height:10px;border-radius:5px;background:${c.track};overflow:hidden}`,
    `.fill{height:100%;border-radius:5px;background:${c.accent}}`,
    `svg{display:block;width:100%;height:auto}`,
    `p{margin:6px 0 0;font-size:12px;color:${c.muted}}`,
    `a{color:${c.text}}`,
  ].join('');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="referrer" content="no-referrer"><title>${escapeMarkup(title)}</title><style>${css}</style></head>`,
    `<body><main>${body}`,
    // A new tab: the widget's frame stays as it is on the page that embeds it.
    `<p><a href="${escapeMarkup(siteUrl)}" target="_blank" rel="noopener">Follow the journey</a></p>`,
    '</main></body></html>',
    '',
  ].join('');
}

/** The tracker in small: the total, its share of $1B and the bar, as exact as the owner shows the total. */
export function progressHtml(
  totalRevenue: string,
  level: PrivacyLevel,
  theme: EmbedTheme,
  siteUrl: string,
): string {
  const heading = `<h1>Revenue toward ${TARGET}</h1>`;
  if (level === 'hidden') {
    return page('Revenue toward $1B', theme, siteUrl, `${heading}<div class="figure">kept private</div>`);
  }
  // As the badge shows it: a ranged total fills the bar to its band's lower edge and names no percent.
  const { total: shown, fraction, percent } = badgeFigures(totalRevenue, level);
  const width = fraction > 0 ? Math.max(1, Math.round(fraction * 1000) / 10) : 0;
  const label = percent ? `${shown}, ${percent} of ${TARGET}` : `${shown} of ${TARGET}`;
  return page(
    'Revenue toward $1B',
    theme,
    siteUrl,
    [
      heading,
      `<div class="figure">${escapeMarkup(shown)}`,
      percent ? `<span class="percent">${escapeMarkup(percent)}</span>` : '',
      '</div>',
      `<div class="track" role="progressbar" aria-label="${escapeMarkup(label)}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${width}">`,
      `<div class="fill" style="width:${width}%"></div></div>`,
    ].join(''),
  );
}

const CHART = { width: 440, height: 150, left: 4, right: 4, top: 8, bottom: 8 };

/** Cumulative revenue over a period as one line; a series the owner keeps private is not drawn. */
export function chartHtml(series: RevenueSeries, theme: EmbedTheme, siteUrl: string): string {
  const period = REVENUE_SERIES_RANGE_LABELS[series.range];
  const title = `Revenue over ${period === 'All' ? 'the whole journey' : `the last ${period}`}`;
  const heading = `<h1>${escapeMarkup(title)}</h1>`;
  if (series.private) {
    return page(title, theme, siteUrl, `${heading}<p>The owner keeps revenue over time private.</p>`);
  }
  const [first] = series.points;
  const last = series.points.at(-1);
  if (!first || !last) return page(title, theme, siteUrl, `${heading}<p>No revenue yet.</p>`);
  const c = PALETTES[theme];
  const totals = series.points.map((point) => Number(point.total));
  const max = Math.max(...totals, 1);
  const innerWidth = CHART.width - CHART.left - CHART.right;
  const innerHeight = CHART.height - CHART.top - CHART.bottom;
  const step = totals.length > 1 ? innerWidth / (totals.length - 1) : 0;
  const pointAt = (total: number, index: number) => ({
    x: CHART.left + (totals.length > 1 ? index * step : innerWidth / 2),
    y: CHART.top + innerHeight - (total / max) * innerHeight,
  });
  const coordinates = totals.map((total, index) => {
    const { x, y } = pointAt(total, index);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const end = pointAt(Number(last.total), totals.length - 1);
  // Each point is the total at the start of its bucket (a day, a week or a month, by the period).
  const summary =
    totals.length > 1
      ? `Revenue went from ${formatMoney(first.total)} (${formatDate(first.date)}) to ${formatMoney(last.total)} (${formatDate(last.date)}).`
      : `Revenue was ${formatMoney(last.total)} (${formatDate(last.date)}).`;
  const baseline = CHART.top + innerHeight;
  const svg = [
    `<svg viewBox="0 0 ${CHART.width} ${CHART.height}" role="img" aria-label="${escapeMarkup(summary)}">`,
    `<line x1="${CHART.left}" y1="${baseline}" x2="${CHART.width - CHART.right}" y2="${baseline}" stroke="${c.border}"/>`,
    `<polyline fill="none" stroke="${c.accent}" stroke-width="2.5" stroke-linejoin="round" points="${coordinates.join(' ')}"/>`,
    // The latest total as a dot: with a single point, the line alone would draw nothing.
    `<circle cx="${end.x.toFixed(1)}" cy="${end.y.toFixed(1)}" r="4" fill="${c.accent}"/>`,
    '</svg>',
  ].join('');
  return page(
    title,
    theme,
    siteUrl,
    `${heading}<div class="figure">${escapeMarkup(formatMoney(last.total))}</div>${svg}<p>${escapeMarkup(summary)}</p>`,
  );
}
