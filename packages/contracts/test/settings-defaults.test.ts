import { describe, expect, it } from 'vitest';
import { defaultSettings, escapeMarkdown, LEGAL_PAGES, settingsSchema, SOCIAL_LINKS } from '../src';

const today = '2025-06-01';

describe('defaultSettings', () => {
  it.each(['Unicorn', 'X', 'p'.repeat(40), `Tom & "Jerry's" <b>*Co*</b>`])(
    'is valid settings for the product name %j',
    (productName) => {
      const defaults = defaultSettings({ productName, today });
      expect(settingsSchema.parse(defaults)).toEqual(defaults);
      expect(defaults).toMatchObject({
        siteName: `Solo ${productName}`,
        productName,
        contactEmail: '',
        journeyStartDate: today,
      });
      expect(Object.keys(defaults.links)).toEqual(SOCIAL_LINKS.map((link) => link.key));
      expect(Object.values(defaults.links).every((link) => link === '')).toBe(true);
    },
  );

  it("tells 'The Spark' with its quote first, and the product name as text", () => {
    const { story } = defaultSettings({ productName: '*Uni*', today });
    expect(story).toMatch(
      /^> The tools finally outgrew the team\. What if the company is just me, and everything else is leverage\?\n>\n> — a note to myself, 2:14 a\.m\.\n\nIt started on an ordinary Tuesday/,
    );
    expect(story).toContain('The first solo AI-powered\n\\*Uni\\*. It might take a decade.');
    expect(story.split(/\n\n/)).toHaveLength(5);
  });

  it('starts every legal page with the note that it is a template, dated today', () => {
    const { legal } = defaultSettings({ productName: 'Unicorn', today });
    expect(Object.keys(legal)).toEqual(LEGAL_PAGES.map((page) => page.key));
    for (const text of Object.values(legal)) {
      expect(text).toMatch(/^> \*\*This is a template\.\*\*/);
      expect(text).toContain(`_Last updated: ${today}_`);
    }
    expect(legal.privacy).toContain('Solo Unicorn stores about you');
  });
});

describe('escapeMarkdown', () => {
  it('escapes every ASCII punctuation mark and nothing else', () => {
    expect(escapeMarkdown('a*b_c [d](e) <f> & #1 ü')).toBe('a\\*b\\_c \\[d\\]\\(e\\) \\<f\\> \\& \\#1 ü');
  });
});
