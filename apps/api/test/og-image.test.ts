import { describe, expect, it } from 'vitest';
import { experimentOgImageTree, ogImageTree } from '../src/features/preview-image/og-image';

/** Every string the picture draws, in order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  const children = (node as { props?: { children?: unknown } }).props?.children;
  return children === undefined ? [] : texts(children);
}

/** A revenue milestone of the journey. */
const MILESTONE = {
  id: 1,
  title: 'Eight months in',
  description: 'A milestone of the journey.',
  date: '2026-11-20T00:00:00.000Z',
  day: 240,
  isRevenue: 1,
  amount: '1000.00',
  experimentId: null,
} as const;

describe("a milestone's preview image", () => {
  const drawn = (total: { amount: string | null; range: string | null }) =>
    texts(ogImageTree({ siteName: 'Solo Unicorn', milestone: MILESTONE, total })).join(' | ');

  it('says the revenue is earned, not raised', () => {
    const words = drawn({ amount: '18991.00', range: null });
    expect(words).toContain('$18,991.00');
    expect(words).toContain('earned so far');
    expect(words).not.toMatch(/raised/i);
  });

  it('draws the total as the owner shows it: a band without its percent or bar, or a word that it is private', () => {
    const ranged = drawn({ amount: null, range: '$10k–$25k' });
    expect(ranged).toContain('$10k–$25k | earned so far');
    expect(ranged).not.toMatch(/%/);
    // The milestone's own amount is the owner's announcement, kept (docs/decisions/083-privacy-per-figure.md).
    expect(ranged).toContain('$1,000.00 revenue milestone');
    const hidden = drawn({ amount: null, range: null });
    expect(hidden).toContain('Revenue kept private by the owner.');
    expect(hidden).not.toMatch(/%|earned/);
  });
});

describe("an experiment's preview image", () => {
  const experiment = {
    id: 2,
    title: 'Prompt Pack Studio',
    description: 'Packs of tested prompts.',
    status: 'Active',
    statusColor: '',
    projectCount: 3,
    imageUrl: '',
    slug: 'prompt-pack-studio',
    story: '',
    state: 'killed',
    stateChangedAt: '2026-11-20T10:00:00.000Z',
    verdict: 'Teams wrote their own prompts.',
    createdAt: '2026-10-01T00:00:00.000Z',
  } as const;

  it('shows its state, its revenue and its profit (a loss with a minus sign) and its verdict', () => {
    const words = texts(
      experimentOgImageTree({
        siteName: 'Solo Unicorn',
        experiment,
        figures: { revenue: { amount: '1749.99', range: null }, profit: { amount: '-7.50', range: null } },
      }),
    );
    expect(words).toEqual(
      expect.arrayContaining([
        'Killed · Nov 20, 2026 · Active · 3 projects',
        '$1,749.99',
        'revenue',
        '−$7.50',
        'profit',
        'Verdict: Teams wrote their own prompts.',
      ]),
    );
  });
});
