import {
  EXPERIMENT_STATE_LABELS,
  formatDate,
  formatMoney,
  formatPercent,
  shownMoneyText,
  summarize,
  REVENUE_TARGET,
  targetFraction,
  type Experiment,
  type ExperimentFigures,
  type Milestone,
  type ShownAmount,
} from '@journey/contracts';
import { interFonts } from './fonts';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** satori's element shape, written without JSX: a tag, its style and its children. */
interface Node {
  type: 'div';
  props: { style: Record<string, string | number>; children?: Node | string | (Node | string)[] };
}

const div = (style: Node['props']['style'], children?: Node['props']['children']): Node => ({
  type: 'div',
  props: children === undefined ? { style } : { style, children },
});

// Mantine's palette (violet primary, dark surfaces), as the site uses it.
const COLORS = {
  background: '#1a1b1e',
  panel: '#25262b',
  text: '#f8f9fa',
  muted: '#c1c2c5',
  accent: '#b197fc',
  revenue: '#8ce99a',
  track: '#373a40',
  bar: '#7950f2',
};

/** Long titles are cut on a word with an ellipsis; satori's line clamp then keeps it to a few lines. */
const TITLE_MAX_CHARS = 90;

const STATE_COLORS: Record<Experiment['state'], string> = {
  running: COLORS.revenue,
  paused: '#ffd43b',
  killed: '#ff8787',
};

/**
 * The one layout of a preview image: the brand on top; a line of context, the title and an optional
 * description in the middle; what the picture is about at the bottom (the milestone's progress, the
 * experiment's figures and verdict).
 */
function previewTree(layout: {
  brand: string;
  context: { text: string; color: string; weight: 400 | 800 };
  title: { text: string; lines: number };
  description?: string;
  footer: Node[];
}): Node {
  const { context, description, title } = layout;
  return div(
    {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      backgroundColor: COLORS.background,
      backgroundImage: 'linear-gradient(135deg, #1a1b1e 0%, #25262b 60%, #2b2152 100%)',
      color: COLORS.text,
      fontFamily: 'Inter',
    },
    [
      div({ display: 'flex', alignItems: 'center', fontSize: 30, fontWeight: 800, color: COLORS.accent }, [
        div({ width: 18, height: 18, borderRadius: 9, backgroundColor: COLORS.bar, marginRight: 16 }),
        layout.brand,
      ]),
      div({ display: 'flex', flexDirection: 'column' }, [
        div(
          {
            display: 'flex',
            fontSize: 26,
            fontWeight: context.weight,
            color: context.color,
            marginBottom: 18,
          },
          context.text,
        ),
        div(
          { display: 'block', fontSize: 68, fontWeight: 800, lineHeight: 1.12, lineClamp: title.lines },
          summarize(title.text, TITLE_MAX_CHARS),
        ),
        ...(description === undefined
          ? []
          : [
              div(
                {
                  display: 'block',
                  fontSize: 28,
                  color: COLORS.muted,
                  lineHeight: 1.4,
                  marginTop: 20,
                  lineClamp: 2,
                },
                summarize(description, 160),
              ),
            ]),
      ]),
      div({ display: 'flex', flexDirection: 'column' }, layout.footer),
    ],
  );
}

/** A figure large, with what it is beside it: "$18,991.00 earned so far". */
const figure = (value: string, label: string, marginLeft = 0) =>
  div({ display: 'flex', alignItems: 'baseline', marginLeft }, [
    div({ fontSize: 40, fontWeight: 800, color: COLORS.revenue }, value),
    div({ fontSize: 26, color: COLORS.muted, marginLeft: 14 }, label),
  ]);

/**
 * The total toward $1B as the owner's privacy shows it (docs/decisions/083-privacy-per-figure.md):
 * exact, with its percent and its bar; as a band alone (the percent and the bar would name the total);
 * or a word that it is private.
 */
function totalFooter(total: ShownAmount): Node[] {
  if (total.amount === null)
    return [
      total.range === null
        ? div({ display: 'flex', fontSize: 26, color: COLORS.muted }, 'Revenue kept private by the owner.')
        : figure(total.range, 'earned so far'),
    ];
  const fraction = targetFraction(total.amount);
  // A sliver stays visible however small the share: the bar reads as "started", not "empty".
  const fill = Math.max(fraction * 100, 1);
  return [
    div({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', marginBottom: 16 }, [
      figure(formatMoney(total.amount), 'earned so far'),
      div(
        { display: 'flex', fontSize: 26, color: COLORS.muted },
        `${formatPercent(fraction)} of ${formatMoney(REVENUE_TARGET, { cents: false })}`,
      ),
    ]),
    div({ display: 'flex', width: '100%', height: 20, borderRadius: 10, backgroundColor: COLORS.track }, [
      div({ width: `${fill}%`, height: 20, borderRadius: 10, backgroundColor: COLORS.bar }),
    ]),
  ];
}

/** The picture: brand, milestone title, day and date, then the current total toward $1B. */
export function ogImageTree(input: {
  /** The owner's site name (docs/decisions/037-owner-settings.md). */
  siteName: string;
  milestone: Milestone;
  /** The total as the owner's privacy shows it. */
  total: ShownAmount;
}): Node {
  const { milestone, siteName } = input;
  // The milestone's own amount is the owner's announcement, shown as written (decision 083).
  const revenueLine =
    milestone.isRevenue === 1 && milestone.amount
      ? `${formatMoney(milestone.amount)} revenue milestone`
      : null;
  return previewTree({
    brand: siteName,
    context: {
      text: `Day ${milestone.day.toLocaleString('en-US')} · ${formatDate(milestone.date)}${revenueLine ? ` · ${revenueLine}` : ''}`,
      color: COLORS.muted,
      weight: 400,
    },
    title: { text: milestone.title, lines: 3 },
    footer: totalFooter(input.total),
  });
}

/** A picture as a PNG (SVG from satori, rasterised by resvg). */
async function renderPng(tree: Node): Promise<Buffer> {
  // Loaded on first use: neither library is needed to start the server or to serve anything else.
  const [{ default: satori }, { Resvg }, fonts] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
    interFonts(),
  ]);
  // satori reads React elements by their shape ({ type, props }); its types ask for React's own.
  const element = tree as unknown as Parameters<typeof satori>[0];
  const svg = await satori(element, { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, fonts });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}

/** Renders a milestone's preview image as a PNG. */
export function renderOgImage(input: Parameters<typeof ogImageTree>[0]): Promise<Buffer> {
  return renderPng(ogImageTree(input));
}

/**
 * An experiment's picture: brand and "AI Arena", its state and status, title, description, then its
 * revenue and profit as the owner's privacy shows them (never an amount the page would not show), and
 * its verdict.
 */
export function experimentOgImageTree(input: {
  siteName: string;
  experiment: Experiment;
  figures: Pick<ExperimentFigures, 'revenue' | 'profit'>;
}): Node {
  const { experiment, figures, siteName } = input;
  const stopped = experiment.state !== 'running';
  const stateLine = [
    EXPERIMENT_STATE_LABELS[experiment.state],
    stopped && experiment.stateChangedAt ? formatDate(experiment.stateChangedAt) : null,
    experiment.status,
    `${experiment.projectCount.toLocaleString('en-US')} ${experiment.projectCount === 1 ? 'project' : 'projects'}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const stateColor = STATE_COLORS[experiment.state];
  const [revenue, profit] = [shownMoneyText(figures.revenue), shownMoneyText(figures.profit)];
  const money =
    revenue === null || profit === null
      ? div({ display: 'flex', fontSize: 26, color: COLORS.muted }, 'Figures kept private by the owner.')
      : div({ display: 'flex' }, [figure(revenue, 'revenue'), figure(profit, 'profit', 48)]);
  return previewTree({
    brand: `${siteName} · AI Arena`,
    context: { text: stateLine, color: stateColor, weight: 800 },
    title: { text: experiment.title, lines: 2 },
    description: experiment.description,
    footer: [
      money,
      experiment.verdict
        ? div(
            {
              display: 'flex',
              fontSize: 28,
              color: COLORS.text,
              backgroundColor: COLORS.panel,
              borderLeft: `6px solid ${stateColor}`,
              padding: '18px 24px',
              borderRadius: 8,
              marginTop: 20,
            },
            `Verdict: ${experiment.verdict}`,
          )
        : div(
            { display: 'flex', fontSize: 26, color: COLORS.muted, marginTop: 16 },
            'Running in public, figures and all.',
          ),
    ],
  });
}

/** Renders an experiment's preview image as a PNG (docs/decisions/081-experiment-state.md). */
export function renderExperimentOgImage(input: Parameters<typeof experimentOgImageTree>[0]): Promise<Buffer> {
  return renderPng(experimentOgImageTree(input));
}

/**
 * A newsletter issue's picture: brand, "Newsletter" and the day it was sent, its subject. The owner's
 * own words alone, no figure added (docs/decisions/083-privacy-per-figure.md, 095-newsletter-archive.md).
 */
export function issueOgImageTree(input: { siteName: string; subject: string; sentAt: string }): Node {
  return previewTree({
    brand: input.siteName,
    context: { text: `Newsletter · ${formatDate(input.sentAt)}`, color: COLORS.muted, weight: 400 },
    title: { text: input.subject, lines: 3 },
    footer: [
      div({ display: 'flex', fontSize: 26, color: COLORS.muted }, 'From the archive of the newsletter.'),
    ],
  });
}

/** Renders a newsletter issue's preview image as a PNG. */
export function renderIssueOgImage(input: Parameters<typeof issueOgImageTree>[0]): Promise<Buffer> {
  return renderPng(issueOgImageTree(input));
}
