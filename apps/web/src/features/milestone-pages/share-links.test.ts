import { mastodonHost, shareLinks } from '@journey/contracts/constants';
import { describe, expect, it } from 'vitest';

const PAGE = 'https://journey.example/milestones/3-first-1k';

describe('shareLinks', () => {
  it('builds each network’s plain share URL, text and page encoded', () => {
    const links = shareLinks(PAGE, 'Day 12: first $1k & more');
    const x = new URL(links.x);
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(Object.fromEntries(x.searchParams)).toEqual({ text: 'Day 12: first $1k & more', url: PAGE });
    const bluesky = new URL(links.bluesky);
    expect(bluesky.origin + bluesky.pathname).toBe('https://bsky.app/intent/compose');
    expect(bluesky.searchParams.get('text')).toBe(`Day 12: first $1k & more ${PAGE}`);
    const linkedin = new URL(links.linkedin);
    expect(linkedin.origin + linkedin.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(Object.fromEntries(linkedin.searchParams)).toEqual({ url: PAGE });
    const mastodon = new URL(links.mastodon, 'https://journey.example');
    expect(mastodon.pathname).toBe('/share/mastodon');
    expect(Object.fromEntries(mastodon.searchParams)).toEqual({
      text: 'Day 12: first $1k & more',
      url: PAGE,
    });
  });
});

describe('mastodonHost', () => {
  it('reduces what a reader types to the host name', () => {
    for (const typed of [
      'mastodon.social',
      'https://Mastodon.social/',
      '@me@mastodon.social',
      'me@mastodon.social',
    ])
      expect(mastodonHost(typed), typed).toBe('mastodon.social');
    expect(mastodonHost('social.example.co.uk')).toBe('social.example.co.uk');
  });

  it('refuses anything but a public host name', () => {
    for (const typed of [
      'localhost',
      '10.0.0.1',
      'a.b/c',
      'http://mastodon.social',
      'x.social:443',
      '',
      '-a.social',
    ])
      expect(mastodonHost(typed), typed).toBeNull();
  });
});
