import { describe, expect, it } from 'vitest';
import { escapeMarkup } from '../src/markup';

describe('escapeMarkup', () => {
  it('escapes the five markup characters', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('drops what XML cannot hold and keeps tabs, line breaks and astral characters', () => {
    expect(escapeMarkup('a\u0000b\u0007c\t\n\r\uD800d 🚀')).toBe('abc\t\n\rd 🚀');
  });
});
