import { describe, expect, it } from 'vitest';
import { summarize } from '@journey/contracts/constants';
import { milestoneMeta } from './milestone-head';
import { testSite } from '../../../test/site';

describe('summarize', () => {
  it('keeps short text, with its whitespace collapsed', () => {
    expect(summarize('  One\n\ntwo   three ')).toBe('One two three');
  });

  it('cuts long text on a word boundary, with an ellipsis, within the limit', () => {
    const text = 'word '.repeat(60);
    const summary = summarize(text, 200);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/^(word )+word…$/);
  });

  it('drops punctuation left at the cut', () => {
    expect(summarize(`${'a'.repeat(150)}, ${'b'.repeat(100)}`, 200)).toBe(`${'a'.repeat(150)}…`);
  });

  it('cuts a single long word rather than returning nothing', () => {
    expect(summarize('x'.repeat(300), 200)).toBe(`${'x'.repeat(199)}…`);
  });
});

describe('milestoneMeta', () => {
  it('describes the milestone as an article with its preview image', () => {
    const detail = {
      milestone: {
        id: 4,
        title: 'First sale',
        description: 'A customer paid.',
        date: '2024-03-10T00:00:00.000Z',
        day: 70,
        isRevenue: 1 as const,
        amount: '10.00',
        experimentId: null,
      },
      previous: null,
      next: null,
    };
    expect(milestoneMeta(detail, testSite(), 'https://journey.example')).toEqual({
      title: 'First sale · Solo Unicorn',
      socialTitle: 'First sale',
      description: 'A customer paid.',
      type: 'article',
      image: {
        url: 'https://journey.example/milestones/4/og.png',
        alt: 'First sale: day 70 of the journey to $1,000,000,000',
      },
    });
  });
});
