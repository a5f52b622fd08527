import { defaultSettings, type Settings, type StoryHtml } from '@journey/contracts';
import { getSettings } from '@journey/db';
import { splitLeadQuote } from '@journey/markdown';
import { LRUCache } from 'lru-cache';
import type { Services } from '../../trpc/context';
import { renderOffThread } from '../markdown/render-pool';

/**
 * The owner's settings. A new database stores the defaults at its first read: the product name from
 * SITE_PRODUCT_NAME, the journey starting today (docs/decisions/037-owner-settings.md); from then on
 * the database is the source.
 */
export function readSettings(services: Pick<Services, 'config' | 'database' | 'now'>): Promise<Settings> {
  const today = services.now().toISOString().slice(0, 10);
  return getSettings(
    services.database.db,
    defaultSettings({ productName: services.config.productName, today }),
  );
}

/**
 * Rendering is pure, but texts near the length limits take seconds
 * (docs/decisions/056-newsletter-hardening.md): each text is rendered once per process, off the main
 * thread, and a save renders its texts before it answers, so no reader waits for it. Keys are the
 * texts themselves: the story and the legal pages, old and new, fit. A render in progress is shared.
 */
const rendered = new LRUCache<string, Promise<string>>({ max: 16 });
const stories = new LRUCache<string, Promise<StoryHtml>>({ max: 4 });

/** Remembers a render in progress, and forgets it if it fails so the next read tries again. */
function cached<T>(cache: LRUCache<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    value.catch(() => cache.delete(key));
    cache.set(key, value);
  }
  return value;
}

export function markdownHtml(markdown: string): Promise<string> {
  return cached(rendered, markdown, async () => (await renderOffThread({ markdown })).html);
}

/** The story's leading quote apart from the rest (the landing page shows it on its own), both as HTML. */
export function storyHtml(story: string): Promise<StoryHtml> {
  return cached(stories, story, async () => {
    const { quote, body } = splitLeadQuote(story);
    const [quoteHtml, bodyHtml] = await Promise.all([
      quote === null ? null : markdownHtml(quote),
      markdownHtml(body),
    ]);
    return { quoteHtml, bodyHtml };
  });
}
