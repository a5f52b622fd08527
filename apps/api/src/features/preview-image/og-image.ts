import {
  EXPERIMENT_STATE_LABELS,
  formatDate,
  formatMoney,
  formatPercent,
  summarize,
  REVENUE_TARGET,
  targetFraction,
  type Experiment,
  type Milestone,
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

/** Long titles are cut on a word with an ellipsis; satori's line clamp then keeps it to three lines. */
const TITLE_MAX_CHARS = 90;

/** The picture: brand, milestone title, day and date, then the current total and a bar toward $1B. */
export function ogImageTree(input: {
  /** The owner's site name (docs/decisions/037-owner-settings.md). */
  siteName: string;
  milestone: Milestone;
  totalRevenue: string;
}): Node {
  const { milestone, siteName, totalRevenue } = input;
  const fraction = targetFraction(totalRevenue);
  // A sliver stays visible however small the share: the bar reads as "started", not "empty".
  const fill = Math.max(fraction * 100, 1);
  const revenueLine =
    milestone.isRevenue === 1 && milestone.amount
      ? `${formatMoney(milestone.amount)} revenue milestone`
      : null;
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
        siteName,
      ]),
      div({ display: 'flex', flexDirection: 'column' }, [
        div(
          { display: 'flex', fontSize: 26, fontWeight: 400, color: COLORS.muted, marginBottom: 18 },
          `Day ${milestone.day.toLocaleString('en-US')} · ${formatDate(milestone.date)}${revenueLine ? ` · ${revenueLine}` : ''}`,
        ),
        div(
          { display: 'block', fontSize: 68, fontWeight: 800, lineHeight: 1.12, lineClamp: 3 },
          summarize(milestone.title, TITLE_MAX_CHARS),
        ),
      ]),
      div({ display: 'flex', flexDirection: 'column' }, [
        div({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', marginBottom: 16 }, [
          div({ display: 'flex', alignItems: 'baseline' }, [
            div({ fontSize: 40, fontWeight: 800, color: COLORS.revenue }, formatMoney(totalRevenue)),
            div({ fontSize: 26, color: COLORS.muted, marginLeft: 14 }, 'earned so far'),
          ]),
          div(
            { display: 'flex', fontSize: 26, color: COLORS.muted },
            `${formatPercent(fraction)} of ${formatMoney(REVENUE_TARGET, { cents: false })}`,
          ),
        ]),
        div({ display: 'flex', width: '100%', height: 20, borderRadius: 10, backgroundColor: COLORS.track }, [
          div({ width: `${fill}%`, height: 20, borderRadius: 10, backgroundColor: COLORS.bar }),
        ]),
      ]),
    ],
  );
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

/** An experiment's picture: brand and "AI Arena", its state and status, title, description, verdict. */
export function experimentOgImageTree(input: { siteName: string; experiment: Experiment }): Node {
  const { experiment, siteName } = input;
  const stopped = experiment.state !== 'running';
  const stateLine = [
    EXPERIMENT_STATE_LABELS[experiment.state],
    stopped && experiment.stateChangedAt ? formatDate(experiment.stateChangedAt) : null,
    experiment.status,
    `${experiment.projectCount.toLocaleString('en-US')} ${experiment.projectCount === 1 ? 'project' : 'projects'}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const stateColor = { running: COLORS.revenue, paused: '#ffd43b', killed: '#ff8787' }[experiment.state];
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
        `${siteName} · AI Arena`,
      ]),
      div({ display: 'flex', flexDirection: 'column' }, [
        div(
          { display: 'flex', fontSize: 26, fontWeight: 800, color: stateColor, marginBottom: 18 },
          stateLine,
        ),
        div(
          { display: 'block', fontSize: 68, fontWeight: 800, lineHeight: 1.12, lineClamp: 2 },
          summarize(experiment.title, TITLE_MAX_CHARS),
        ),
        div(
          {
            display: 'block',
            fontSize: 28,
            color: COLORS.muted,
            lineHeight: 1.4,
            marginTop: 20,
            lineClamp: 2,
          },
          summarize(experiment.description, 160),
        ),
      ]),
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
            },
            `Verdict: ${experiment.verdict}`,
          )
        : div({ display: 'flex', fontSize: 26, color: COLORS.muted }, 'Running in public, figures and all.'),
    ],
  );
}

/** Renders an experiment's preview image as a PNG (docs/decisions/081-experiment-state.md). */
export function renderExperimentOgImage(input: Parameters<typeof experimentOgImageTree>[0]): Promise<Buffer> {
  return renderPng(experimentOgImageTree(input));
}
