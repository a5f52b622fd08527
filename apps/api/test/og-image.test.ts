import { describe, expect, it } from 'vitest';
import { ogImageTree } from '../src/features/preview-image/og-image';

/** Every string the picture draws, in order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  const children = (node as { props?: { children?: unknown } }).props?.children;
  return children === undefined ? [] : texts(children);
}

describe("a milestone's preview image", () => {
  it('says the revenue is earned, not raised', () => {
    const tree = ogImageTree({
      siteName: 'Solo Unicorn',
      totalRevenue: '18991.00',
      milestone: {
        id: 1,
        title: 'Eight months in',
        description: 'A milestone of the journey.',
        date: '2026-11-20T00:00:00.000Z',
        day: 240,
        isRevenue: 0,
        amount: null,
      } as Parameters<typeof ogImageTree>[0]['milestone'],
    });
    const words = texts(tree).join(' | ');
    expect(words).toContain('$18,991.00');
    expect(words).toContain('earned so far');
    expect(words).not.toMatch(/raised/i);
  });
});
