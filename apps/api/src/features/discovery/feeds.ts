import {
  DATE_MIN,
  escapeMarkup,
  FEED_PATHS,
  feedTitleOf,
  milestonePath,
  type Milestone,
} from '@journey/contracts';
import { element, XML_DECLARATION } from './xml';

/** How many milestones the feeds carry, newest first: readers poll them, so they stay small. */
export const FEED_ITEM_LIMIT = 50;

export interface FeedSite {
  /** Absolute origin, no trailing slash: every link in a feed is absolute. */
  origin: string;
  /** The owner's site name (docs/decisions/037-owner-settings.md): the feeds' title and author. */
  siteName: string;
  /** The public ledger's row count and head, so a reader's copy of the feed pins them (decision 079). */
  ledger: { rows: number; head: string | null };
}

/** The namespace of the feeds' `ledger` element (docs/decisions/079-ledger-of-every-write.md). */
export const LEDGER_FEED_NAMESPACE = 'urn:journey:ledger:1';

/** `<journey:ledger rows="…" head="…" href="…/ledger"/>`: the chain a visitor can check at /ledger. */
function ledgerElement(site: FeedSite): string {
  const head = site.ledger.head === null ? '' : ` head="${site.ledger.head}"`;
  return `<journey:ledger rows="${site.ledger.rows}"${head} href="${escapeMarkup(`${site.origin}/ledger`)}"/>`;
}

const titleOf = (site: FeedSite) => feedTitleOf(site.siteName);
const DESCRIPTION =
  "Milestones of one solo founder's public journey to $1,000,000,000 of revenue built with AI.";

/** When the newest milestone happened; a feed without any reads as of the first possible day. */
function newestDate(milestones: Milestone[]): Date {
  return new Date(milestones[0]?.date ?? DATE_MIN);
}

/**
 * RSS leaves open whether a reader shows a title as text or as HTML
 * (docs/decisions/057-render-limits-and-http-hardening.md): a title is plain text with & < > written as
 * hexadecimal character references, the form the RSS Best Practices Profile finds the most readers show
 * as text, and a description is HTML (the text escaped, its lines kept), escaped once more for XML.
 */
const PLAIN_TEXT_REFERENCES: Record<string, string> = {
  '&amp;': '&#x26;',
  '&lt;': '&#x3C;',
  '&gt;': '&#x3E;',
  '&quot;': '"',
  '&apos;': "'",
};

export function plainTextElement(name: string, text: string): string {
  const escaped = escapeMarkup(text).replace(
    /&(amp|lt|gt|quot|apos);/g,
    (entity) => PLAIN_TEXT_REFERENCES[entity] ?? entity,
  );
  return `<${name}>${escaped}</${name}>`;
}

/** Text as HTML that shows it: escaped, with its line breaks. */
const textAsHtml = (text: string) => escapeMarkup(text).replace(/\r?\n/g, '<br />');

/** RSS 2.0 of the given milestones, in the order given (newest first). */
export function rssFeed(site: FeedSite, milestones: Milestone[]): string {
  const items = milestones.map((milestone) => {
    const link = site.origin + milestonePath(milestone);
    return [
      '<item>',
      plainTextElement('title', milestone.title),
      element('link', link),
      `<guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      element('pubDate', new Date(milestone.date).toUTCString()),
      element('description', textAsHtml(milestone.description)),
      '</item>',
    ].join('');
  });
  return [
    XML_DECLARATION,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:journey="${LEDGER_FEED_NAMESPACE}">`,
    '<channel>',
    plainTextElement('title', titleOf(site)),
    element('link', `${site.origin}/`),
    element('description', textAsHtml(DESCRIPTION)),
    element('language', 'en'),
    `<atom:link href="${escapeMarkup(site.origin + FEED_PATHS.rss)}" rel="self" type="application/rss+xml"/>`,
    element('lastBuildDate', newestDate(milestones).toUTCString()),
    ledgerElement(site),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Atom (RFC 4287) of the given milestones, in the order given (newest first). */
export function atomFeed(site: FeedSite, milestones: Milestone[]): string {
  const entries = milestones.map((milestone) => {
    const link = site.origin + milestonePath(milestone);
    const date = new Date(milestone.date).toISOString();
    return [
      '<entry>',
      element('id', link),
      `<title type="text">${escapeMarkup(milestone.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeMarkup(link)}"/>`,
      element('published', date),
      element('updated', date),
      `<content type="text">${escapeMarkup(milestone.description)}</content>`,
      '</entry>',
    ].join('');
  });
  return [
    XML_DECLARATION,
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:journey="${LEDGER_FEED_NAMESPACE}">`,
    element('id', `${site.origin}/`),
    `<title type="text">${escapeMarkup(titleOf(site))}</title>`,
    `<subtitle type="text">${escapeMarkup(DESCRIPTION)}</subtitle>`,
    element('updated', newestDate(milestones).toISOString()),
    `<link rel="self" type="application/atom+xml" href="${escapeMarkup(site.origin + FEED_PATHS.atom)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeMarkup(`${site.origin}/`)}"/>`,
    `<author>${element('name', site.siteName)}</author>`,
    ledgerElement(site),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
