import { defaultSettings, type Settings, type StoryHtml } from '@journey/contracts';
import { getSettings } from '@journey/db';
import { renderMarkdown, splitLeadQuote } from '@journey/markdown';
import { LRUCache } from 'lru-cache';
import type { Services } from '../../trpc/context';

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
 * Rendering is pure, but some texts near the length limits take a second or more
 * (docs/decisions/038-markdown-rendering.md): each text is rendered once per process, and a save
 * renders its texts before it answers, so no reader waits for it. Keys are the texts themselves:
 * the story and the legal pages, old and new, fit.
 */
const rendered = new LRUCache<string, string>({ max: 16 });
const stories = new LRUCache<string, StoryHtml>({ max: 4 });

export function markdownHtml(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderMarkdown(markdown);
    rendered.set(markdown, html);
  }
  return html;
}

/** The story's leading quote apart from the rest (the landing page shows it on its own), both as HTML. */
export function storyHtml(story: string): StoryHtml {
  let html = stories.get(story);
  if (html === undefined) {
    const { quote, body } = splitLeadQuote(story);
    html = { quoteHtml: quote === null ? null : markdownHtml(quote), bodyHtml: markdownHtml(body) };
    stories.set(story, html);
  }
  return html;
}
