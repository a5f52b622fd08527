import { describe, expect, it } from 'vitest';
import { milestonePath, milestoneSlug } from '../src/milestone-path';

describe('milestonePath', () => {
  it('is /milestones/:id-:slug with a lowercase ASCII slug', () => {
    expect(milestonePath({ id: 7, title: 'First $1,000 — from AI!' })).toBe(
      '/milestones/7-first-1-000-from-ai',
    );
  });

  it('keeps the base letter of accented characters and trims separators', () => {
    expect(milestoneSlug('  Café & Crème brûlée  ')).toBe('cafe-creme-brulee');
  });

  it('cuts long titles to at most 60 characters without a trailing dash', () => {
    const slug = milestoneSlug(`${'a'.repeat(59)} bcd`);
    expect(slug).toBe('a'.repeat(59));
    expect(milestoneSlug('word '.repeat(30)).length).toBeLessThanOrEqual(60);
  });

  it('falls back to a fixed word when nothing of the title is ASCII', () => {
    expect(milestonePath({ id: 3, title: '🚀🚀' })).toBe('/milestones/3-milestone');
    expect(milestonePath({ id: 4, title: '第一个客户' })).toBe('/milestones/4-milestone');
  });
});
