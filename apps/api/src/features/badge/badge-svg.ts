import {
  amountBand,
  BADGE_SIZES,
  escapeMarkup,
  formatMoney,
  formatPercent,
  REVENUE_TARGET,
  targetFraction,
  type BadgeStyle,
  type BadgeTheme,
  type PrivacyLevel,
} from '@journey/contracts';

interface Palette {
  background: string;
  border: string;
  text: string;
  muted: string;
  /** The label block and the progress fill. */
  accent: string;
  onAccent: string;
  track: string;
}

/** Every text/background pair passes WCAG AA (4.5:1) in both themes; the iframe widgets use them too. */
export const PALETTES: Record<BadgeTheme, Palette> = {
  light: {
    background: '#ffffff',
    border: '#ced4da',
    text: '#212529',
    muted: '#495057',
    accent: '#6741d9',
    onAccent: '#ffffff',
    track: '#e9ecef',
  },
  dark: {
    background: '#1a1b1e',
    border: '#373a40',
    text: '#f1f3f5',
    muted: '#c1c2c5',
    accent: '#b197fc',
    onAccent: '#1a1b1e',
    track: '#373a40',
  },
};

const FONT = 'Verdana,DejaVu Sans,Geneva,sans-serif';

/**
 * The figures a badge shows, formatted as the landing page's tracker formats them; a total the owner
 * shows as a range (docs/decisions/083-privacy-per-figure.md) is its band, with the bar filled to the
 * band's lower edge and no percent, and a hidden total is not shown at all.
 */
export function badgeFigures(totalRevenue: string, level: PrivacyLevel) {
  const target = formatMoney(REVENUE_TARGET, { cents: false });
  if (level === 'exact') {
    const fraction = targetFraction(totalRevenue);
    const total = formatMoney(totalRevenue);
    const percent = formatPercent(fraction);
    return { fraction, total, percent, title: `Revenue: ${total} — ${percent} of ${target}` };
  }
  if (level === 'range') {
    const band = amountBand(totalRevenue);
    const fraction = targetFraction(band.low);
    return { fraction, total: band.label, percent: '', title: `Revenue: ${band.label} of ${target}` };
  }
  return { fraction: 0, total: 'kept private', percent: '', title: `Revenue toward ${target}: kept private` };
}

/** Rough width of Verdana at 11px: badges have no font metrics, and a little slack reads fine. */
const textWidth = (text: string, size = 11) => Math.ceil(text.length * size * 0.62);

/**
 * A `<text>` that never runs past `maxWidth`: the badge's size is fixed (BADGE_SIZES), so a figure too
 * long for it is squeezed to fit rather than cut off or overlapping its neighbour.
 */
function fittedText(text: string, maxWidth: number, size: number, attributes: string): string {
  const fit =
    textWidth(text, size) > maxWidth ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text ${attributes}${fit}>${escapeMarkup(text)}</text>`;
}

/** The progress badge as a standalone SVG document: `flat` is a one-line shield, `card` a small panel with a bar. */
export function badgeSvg(
  totalRevenue: string,
  level: PrivacyLevel,
  theme: BadgeTheme,
  style: BadgeStyle,
): string {
  const figures = badgeFigures(totalRevenue, level);
  const colors = PALETTES[theme];
  return style === 'flat' ? flatBadge(figures, colors) : cardBadge(figures, colors);
}

type Figures = ReturnType<typeof badgeFigures>;

function svgDocument(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="badge-title">`,
    `<title id="badge-title">${escapeMarkup(title)}</title>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function flatBadge(figures: Figures, colors: Palette): string {
  const { width, height } = BADGE_SIZES.flat;
  const label = 'revenue';
  const value = figures.percent ? `${figures.total} · ${figures.percent}` : figures.total;
  const labelWidth = textWidth(label) + 12;
  const valueWidth = width - labelWidth;
  return svgDocument(width, height, figures.title, [
    // Inset by half the stroke, so the border is not clipped at the image's edges.
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="3" fill="${colors.background}" stroke="${colors.border}"/>`,
    `<path d="M3 0h${labelWidth - 3}v${height}H3a3 3 0 0 1-3-3V3a3 3 0 0 1 3-3z" fill="${colors.accent}"/>`,
    `<g font-family="${FONT}" font-size="11" text-anchor="middle" aria-hidden="true">`,
    `<text x="${labelWidth / 2}" y="14" fill="${colors.onAccent}">${escapeMarkup(label)}</text>`,
    fittedText(value, valueWidth - 12, 11, `x="${labelWidth + valueWidth / 2}" y="14" fill="${colors.text}"`),
    '</g>',
  ]);
}

function cardBadge(figures: Figures, colors: Palette): string {
  const { width, height } = BADGE_SIZES.card;
  const barWidth = width - 32;
  const barHeight = 10;
  const percentWidth = textWidth(figures.percent, 12);
  // A started journey shows at least a dot of progress (a thinner rounded fill renders as a sliver).
  const fill = figures.fraction > 0 ? Math.max(barHeight, Math.round(barWidth * figures.fraction)) : 0;
  return svgDocument(width, height, figures.title, [
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="8" fill="${colors.background}" stroke="${colors.border}"/>`,
    `<g font-family="${FONT}" aria-hidden="true">`,
    `<text x="16" y="24" font-size="11" fill="${colors.muted}">${escapeMarkup('Revenue toward $1B')}</text>`,
    fittedText(
      figures.total,
      barWidth - percentWidth - 16,
      20,
      `x="16" y="50" font-size="20" font-weight="bold" fill="${colors.text}"`,
    ),
    `<text x="${width - 16}" y="50" font-size="12" text-anchor="end" fill="${colors.muted}">${escapeMarkup(figures.percent)}</text>`,
    '</g>',
    `<rect x="16" y="66" width="${barWidth}" height="${barHeight}" rx="5" fill="${colors.track}"/>`,
    fill > 0
      ? `<rect x="16" y="66" width="${fill}" height="${barHeight}" rx="5" fill="${colors.accent}"/>`
      : '',
  ]);
}
