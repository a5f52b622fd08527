/**
 * The legal pages a new site starts with: templates written for what this software does out of the
 * box, which the owner reviews and edits in the admin panel (docs/decisions/037-owner-settings.md).
 * Names and lifetimes of cookies and storage are the server's and the web app's own; the API's tests
 * check they still match.
 */
import { recordOf } from './records';
import { LEGAL_PAGES, type LegalPageKey } from './settings-values';

export interface LegalTemplateSite {
  /** Already escaped for Markdown. */
  siteName: string;
  /** YYYY-MM-DD: when the template was put in place. */
  today: string;
}

const templateNote = (page: string) =>
  `> **This is a template.** It describes what this site's software does out of the box. Review it, ` +
  `name who runs the site and how to reach them, and have it checked against the law that applies to ` +
  `you before you rely on it. Edit or replace this ${page} in the admin panel, on the Site tab.`;

const CONTACT = 'the contact address given on this site';

function privacy({ siteName, today }: LegalTemplateSite): string {
  return `${templateNote('privacy policy')}

_Last updated: ${today}_

This policy explains what ${siteName} stores about you, why, and what you can ask for.

## What we store

**If you sign up for the newsletter**, we store your email address, the version of the consent text
you agreed to, and when you signed up. We then send you one email asking you to confirm your address;
until you press 'Confirm subscription' on the page its link opens, you get nothing else from us, and we
store when you confirmed. We do not store your IP address with your subscription. We use your address
only to send you updates about this journey, never more than one confirmation email an hour. We do not
sell it or share it for anyone else's purposes; if we use an email delivery service to send the
newsletter, it handles your address on our behalf and only for that. Every newsletter email links to a
page where you can unsubscribe in one click or delete your address altogether.

To stop automated sign-ups, sign-ups are counted per IP address for 15 minutes, in the server's memory
only.

**If you only read the site**, we store nothing about you in our database. You get no tracking
cookies, and the site runs no analytics, advertising or social media scripts.

## Server logs

Like most web servers, ours writes a line for each request it answers: the time, the page or address
requested, the IP address the request came from, the response status and how long it took. These lines
do not contain cookies, passwords or anything you type into a form. We use them to keep the site
running and secure, and keep them only as long as that needs.

To slow down password guessing, attempts to sign in to the admin area are counted per IP address for
15 minutes, in the server's memory only.

## Cookies and local storage

Visitors get no cookies. Only the site's owner, when signing in to the admin area, gets a session
cookie and a cookie that remembers their browser; both are described in the [Cookie Policy](/cookies).
If you use the dark mode switch, your browser remembers your choice in its local storage; it is never
sent to us.

## Content from other sites

Images the owner includes in the site's texts or experiments may be loaded from other websites, which
then see your IP address as with any web request. Links to other sites are marked so that those sites
are not told which page you came from.

## Unsubscribing and your rights

You can unsubscribe at any time with the link at the bottom of every email we send, or by writing to
${CONTACT}. The page that link opens also lets you delete your address and everything kept with it.
You can also ask what we hold about you, have it corrected, or have it deleted by writing to us. If you
think we handle your data wrongly, you may complain to your data protection authority.

## Changes

When this policy changes, the new version is published on this page with its date.
`;
}

function terms({ siteName, today }: LegalTemplateSite): string {
  return `${templateNote('page')}

_Last updated: ${today}_

By using ${siteName} you accept these terms.

## What this site is

A public record of one founder's attempt to build a company alone with AI: revenue figures, milestones,
experiments and the story behind them. Everything here is published for information only. The figures
are reported by the founder and are not audited. Nothing on this site is financial, legal or investment
advice.

## Using the content

You may read, link to and quote this site. The open data (the summary and the monthly revenue CSV) and
the badge are meant to be reused; please link back to this site when you do. The texts, images and
names remain the property of their owners.

## The newsletter

Signing up is free; you confirm your address from the first email, and you can unsubscribe at any time
with the link in every email or by writing to ${CONTACT}. How your address is handled is described in
the [Privacy Policy](/privacy).

## No warranty

The site is provided as it is. We try to keep it accurate and available but promise neither, and are
not liable for decisions made on the basis of its content, as far as the law allows.

## Links to other sites

Links to other sites are provided for convenience; we are not responsible for their content.

## Changes

We may change these terms; the version on this page, with its date, applies. Questions: ${CONTACT}.
`;
}

function cookies({ siteName, today }: LegalTemplateSite): string {
  return `${templateNote('cookie policy')}

_Last updated: ${today}_

${siteName} sets no cookies for its readers: no tracking, analytics or advertising cookies, and none
from third parties. There is nothing to accept or to switch off.

## The owner's cookies

Only the site's owner gets cookies, and only when signing in to the admin area:

| Cookie | Purpose | Lifetime | Properties |
| --- | --- | --- | --- |
| \`journey_session\` | Keeps the owner signed in. Holds a random token; the server stores only a hash of it. | 30 days from its last use, at most 90 days from signing in; deleted on signing out | Strictly necessary, first-party, HttpOnly, SameSite=Lax, Secure over HTTPS |
| \`journey_device\` | Remembers that this browser signed in before, so that someone guessing passwords elsewhere cannot lock the owner out. | 1 year | Strictly necessary, first-party, HttpOnly, SameSite=Strict, Secure over HTTPS, sent only to the site's API |

## Local storage

If you use the dark mode switch, your browser keeps your choice (\`light\`, \`dark\` or \`auto\`) in its
local storage under the name \`mantine-color-scheme-value\`, so the next page opens in the same colours.
It stays in your browser and is never sent to us. Clearing this site's data in your browser removes it.

## More

What else is stored, and why, is in the [Privacy Policy](/privacy).
`;
}

const TEMPLATES: Record<LegalPageKey, (site: LegalTemplateSite) => string> = { privacy, terms, cookies };

/** The legal pages' templates, in Markdown. */
export function legalTemplates(site: LegalTemplateSite): Record<LegalPageKey, string> {
  return recordOf(
    LEGAL_PAGES.map((page) => page.key),
    (key) => TEMPLATES[key](site),
  );
}
