import { describe, expect, it } from 'vitest';
import { testSite } from '../../test/site';
import { SITE_DESCRIPTION } from '../lib/head';
import { headFor, routeTitle } from './page-head';
import { matchPage } from './routes';

const site = testSite();
const origin = 'https://journey.example';

/** The tags of a head as a document, so tests read attributes the way a browser would. */
function parse(head: string) {
  const doc = document.implementation.createHTMLDocument('');
  doc.head.innerHTML = head;
  const meta = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content') ?? null;
  return {
    doc,
    title: doc.head.querySelector('title')?.textContent ?? null,
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: meta('meta[name="robots"]'),
    name: (name: string) => meta(`meta[name="${name}"]`),
    property: (property: string) => meta(`meta[property="${property}"]`),
  };
}

/** The document title the table gives the page at `pathname`. */
const pageTitle = (pathname: string, pageSite = site) => routeTitle(matchPage(pathname).route, pageSite);

describe('routeTitle', () => {
  it.each([
    ['/', 'Unicorn Build Tracker · Solo Unicorn'],
    ['/auth', 'Admin Access · Solo Unicorn'],
    ['/admin', 'Admin Panel · Solo Unicorn'],
    // Unknown paths, and a milestone path whose id names no milestone.
    ['/nowhere', 'Page not found · Solo Unicorn'],
    ['/milestones/abc', 'Page not found · Solo Unicorn'],
    // A milestone page titles itself from its milestone.
    ['/milestones/3-first-sale', null],
  ])('gives %s the title %s', (pathname, title) => expect(pageTitle(pathname)).toBe(title));

  it('follows the configured product name', () => {
    expect(pageTitle('/admin', testSite('Pegasus'))).toBe('Admin Panel · Solo Pegasus');
  });
});

describe('headFor', () => {
  it('gives the landing page its title, description, canonical URL and social cards', () => {
    const head = parse(headFor({ pathname: '/', origin, site, status: 200 }));
    const title = 'Unicorn Build Tracker · Solo Unicorn';
    expect(head.title).toBe(title);
    expect(head.name('description')).toBe(SITE_DESCRIPTION);
    expect(head.canonical).toBe(`${origin}/`);
    expect(head.robots).toBeNull();

    expect(head.property('og:type')).toBe('website');
    expect(head.property('og:site_name')).toBe('Solo Unicorn');
    expect(head.property('og:title')).toBe(title);
    expect(head.property('og:description')).toBe(SITE_DESCRIPTION);
    expect(head.property('og:url')).toBe(`${origin}/`);
    expect(head.property('og:image')).toMatch(new RegExp(`^${origin}/og-image\\.\\w+$`));
    expect(head.property('og:image:width')).toBe('1200');
    expect(head.property('og:image:height')).toBe('630');
    expect(head.property('og:image:alt')).toBeTruthy();

    expect(head.name('twitter:card')).toBe('summary_large_image');
    expect(head.name('twitter:title')).toBe(title);
    expect(head.name('twitter:description')).toBe(SITE_DESCRIPTION);
    expect(head.name('twitter:image')).toBe(head.property('og:image'));
  });

  it("links the milestones' RSS and Atom feeds and the newsletter archive's, with absolute URLs", () => {
    const head = parse(headFor({ pathname: '/', origin, site, status: 200 }));
    const feeds = [...head.doc.head.querySelectorAll('link[rel="alternate"]')].map((link) => ({
      type: link.getAttribute('type'),
      title: link.getAttribute('title'),
      href: link.getAttribute('href'),
    }));
    expect(feeds).toEqual([
      {
        type: 'application/rss+xml',
        title: 'Solo Unicorn · Milestones',
        href: `${origin}/feed.xml`,
      },
      {
        type: 'application/atom+xml',
        title: 'Solo Unicorn · Milestones',
        href: `${origin}/atom.xml`,
      },
      {
        type: 'application/rss+xml',
        title: 'Solo Unicorn · Newsletter',
        href: `${origin}/newsletter/feed.xml`,
      },
    ]);
  });

  it.each(['/auth', '/admin'])('keeps %s out of search results, without a canonical link', (pathname) => {
    const head = parse(headFor({ pathname, origin, site, status: 200 }));
    expect(head.canonical).toBeNull();
    expect(head.robots).toBe('noindex');
    expect(head.property('og:url')).toBe(`${origin}${pathname}`);
  });

  it('marks a 404 noindex, even at /', () => {
    for (const pathname of ['/missing', '/']) {
      const head = parse(headFor({ pathname, origin, site, status: 404 }));
      expect(head.title).toBe('Page not found · Solo Unicorn');
      expect(head.canonical).toBeNull();
      expect(head.robots).toBe('noindex');
    }
  });

  it('escapes quotes, ampersands and angle brackets of the product name', () => {
    const productName = `"Tom & Jerry's" <b>Co</b>`;
    const html = headFor({ pathname: '/', origin, site: testSite(productName), status: 200 });
    expect(html).toContain(
      '<title>&quot;Tom &amp; Jerry&apos;s&quot; &lt;b&gt;Co&lt;/b&gt; Build Tracker · Solo &quot;Tom &amp; Jerry&apos;s&quot; &lt;b&gt;Co&lt;/b&gt;</title>',
    );
    expect(html).toContain(
      '<meta property="og:site_name" content="Solo &quot;Tom &amp; Jerry&apos;s&quot; &lt;b&gt;Co&lt;/b&gt;" />',
    );
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/&(?!amp;|quot;|apos;|lt;|gt;)/);

    // Read back by a parser, the name is intact and no tag was injected.
    const head = parse(html);
    expect(head.doc.head.querySelector('b')).toBeNull();
    expect(head.property('og:site_name')).toBe(`Solo ${productName}`);
    expect(head.name('twitter:title')).toBe(`${productName} Build Tracker · Solo ${productName}`);
    expect(head.title).toBe(`${productName} Build Tracker · Solo ${productName}`);
  });

  it('escapes the path in the canonical and og:url', () => {
    const html = headFor({ pathname: '/"><script>x</script>', origin, site, status: 200 });
    expect(html).not.toContain('<script>');
    expect(parse(html).property('og:url')).toBe(`${origin}/"><script>x</script>`);
  });

  it('lets a page give its own title, description, type and image, and makes it indexable', () => {
    const meta = {
      title: 'First sale · Solo Unicorn',
      socialTitle: 'First <b>sale</b> & "more"',
      description: 'Tom & Jerry paid <first>.',
      type: 'article' as const,
      image: { url: `${origin}/milestones/3/og.png`, alt: 'First sale: day 70' },
    };
    const html = headFor({ pathname: '/milestones/3-first-sale', origin, site, status: 200, meta });
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<first>');
    const head = parse(html);
    expect(head.title).toBe(meta.title);
    expect(head.canonical).toBe(`${origin}/milestones/3-first-sale`);
    expect(head.robots).toBeNull();
    expect(head.name('description')).toBe(meta.description);
    expect(head.property('og:type')).toBe('article');
    expect(head.property('og:title')).toBe(meta.socialTitle);
    expect(head.property('og:description')).toBe(meta.description);
    expect(head.property('og:image')).toBe(meta.image.url);
    expect(head.property('og:image:alt')).toBe(meta.image.alt);
    expect(head.name('twitter:title')).toBe(meta.socialTitle);
    expect(head.name('twitter:image')).toBe(meta.image.url);
    expect(head.name('twitter:image:alt')).toBe(meta.image.alt);
  });
});
