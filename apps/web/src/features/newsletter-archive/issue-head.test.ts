import { archiveSlugFrom, isArchiveSlug } from '@journey/contracts/constants';
import { describe, expect, it } from 'vitest';
import { testSite } from '../../../test/site';
import { issueMeta } from './issue-head';

describe('issueMeta', () => {
  it("describes an issue as an article with its subject, its day and its picture's address", () => {
    const issue = {
      slug: 'week-12-first-sale',
      subject: 'Week 12: first sale',
      sentAt: '2026-11-20T09:30:00.000Z',
      html: '<p>We made <strong>our first sale</strong>.</p>',
    };
    expect(issueMeta(issue, testSite(), 'https://journey.example')).toEqual({
      title: 'Week 12: first sale · Newsletter · Solo Unicorn',
      socialTitle: 'Week 12: first sale',
      description: 'Week 12: first sale: the Solo Unicorn newsletter of Nov 20, 2026.',
      type: 'article',
      image: {
        url: 'https://journey.example/newsletter/week-12-first-sale/og.png',
        alt: 'Week 12: first sale: the newsletter of Nov 20, 2026',
      },
    });
  });
});

describe('archive slugs', () => {
  it.each([
    ['Week 12: First sale!', 'week-12-first-sale'],
    ['Café & crème', 'cafe-creme'],
    ['  --  ', 'issue'],
    ['x'.repeat(80), 'x'.repeat(60)],
  ])('%j becomes %j', (subject, slug) => {
    expect(archiveSlugFrom(subject)).toBe(slug);
    expect(isArchiveSlug(slug)).toBe(true);
  });

  it('names no page beside the issues, and nothing malformed', () => {
    for (const value of ['archive', 'confirm', 'unsubscribe', 'Week', 'a--b', '-a', 'feed.xml', ''])
      expect(isArchiveSlug(value), value).toBe(false);
  });
});
