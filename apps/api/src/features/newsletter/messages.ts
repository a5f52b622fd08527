import { CONFIRMATION_TOKEN_DAYS, escapeMarkdown, NEWSLETTER_PATHS } from '@journey/contracts';
import type { MailContent } from './compose';

/** A link to one of the newsletter's pages, carrying a token. */
export const tokenLink = (origin: string, page: keyof typeof NEWSLETTER_PATHS, token: string) =>
  `${origin}${NEWSLETTER_PATHS[page]}?token=${encodeURIComponent(token)}`;

/** The double opt-in mail: a link to the page whose button confirms (a GET never does). */
export function confirmationContent(input: {
  siteName: string;
  origin: string;
  confirmToken: string;
  unsubscribeToken: string;
}): MailContent {
  const site = escapeMarkdown(input.siteName);
  return {
    siteName: input.siteName,
    subject: `Confirm your subscription to ${input.siteName}`,
    markdown: [
      '**Please confirm your subscription.**',
      `This address was signed up for updates from ${site}. To start receiving them, open the link and press 'Confirm subscription':`,
      `[Confirm subscription](${tokenLink(input.origin, 'confirm', input.confirmToken)})`,
      `The link works for ${CONFIRMATION_TOKEN_DAYS} days. If you did not sign up, ignore this mail: you will not be added, and nothing more will be sent.`,
    ].join('\n\n'),
    linkOrigin: input.origin,
    reason: `You receive this because this address was entered in the newsletter form of ${input.siteName}.`,
    unsubscribeUrl: tokenLink(input.origin, 'unsubscribe', input.unsubscribeToken),
  };
}

/** A broadcast as a subscriber gets it; a test of it carries a link that unsubscribes no one. */
export function broadcastContent(input: {
  siteName: string;
  origin: string;
  subject: string;
  body: string;
  unsubscribeToken: string | null;
  /** Its archive page's path, null for a draft or a private broadcast (decision 095). */
  archivePath?: string | null;
}): MailContent {
  return {
    siteName: input.siteName,
    subject: input.unsubscribeToken === null ? `[Test] ${input.subject}` : input.subject,
    markdown: input.body,
    linkOrigin: input.origin,
    reason:
      input.unsubscribeToken === null
        ? 'This is a test sent to you from the admin panel; subscribers get the same mail with their own unsubscribe link.'
        : `You receive this because you subscribed to updates from ${input.siteName}.`,
    unsubscribeUrl: tokenLink(input.origin, 'unsubscribe', input.unsubscribeToken ?? 'test'),
    webUrl: input.archivePath ? `${input.origin}${input.archivePath}` : null,
  };
}

/**
 * The owner's welcome mail, once to each reader after confirming (docs/decisions/097-automatic-mail.md):
 * list mail, with a broadcast's unsubscribe link and headers.
 */
export function welcomeContent(input: {
  siteName: string;
  origin: string;
  subject: string;
  body: string;
  unsubscribeToken: string;
}): MailContent {
  return {
    siteName: input.siteName,
    subject: input.subject,
    markdown: input.body,
    linkOrigin: input.origin,
    reason: `You receive this because you subscribed to updates from ${input.siteName}.`,
    unsubscribeUrl: tokenLink(input.origin, 'unsubscribe', input.unsubscribeToken),
  };
}
