import type { APIRequestContext, Page } from '@playwright/test';
import { digestMonthLabel } from '@journey/contracts';
import { expect, test } from './admin-server';
import {
  createMilestone,
  createRevenue,
  expectStatus,
  expectToast,
  listBroadcasts,
  outboxMessage,
  stillness,
  subscribeConfirmed,
} from './support';

/*
 * The monthly digest in the admin's Newsletter tab (docs/decisions/097-automatic-mail.md): the owner
 * turns it on, drafts last month's now, sees it waiting for approval, opens it in the compose form,
 * and approves it, which sends it to each confirmed reader (in the outbox: these servers have no
 * SMTP). On the desktop and the phone.
 */

const DIGEST_URL = '/api/admin/newsletter/digest';

/** The last complete calendar month (UTC), `YYYY-MM`, as the server reckons it. */
function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** Off: how every other spec on this server expects it. */
async function turnDigestOff(api: APIRequestContext) {
  await expectStatus(await api.put(DIGEST_URL, { data: { enabled: false } }), 200);
}

function digestSection(page: Page) {
  const section = page.getByRole('region', { name: 'Monthly digest', exact: true });
  return {
    section,
    enabled: section.getByRole('switch', {
      name: 'Draft a digest at the start of each month for me to approve',
    }),
    draftNow: section.getByRole('button', { name: "Draft last month's digest now", exact: true }),
    open: section.getByRole('button', { name: 'Open the digest', exact: true }),
    approve: section.getByRole('button', { name: 'Approve and send', exact: true }),
  };
}

test.beforeEach(async ({ api }) => turnDigestOff(api));
test.afterEach(async ({ api }) => turnDigestOff(api));

test("the owner turns the digest on, drafts last month's, opens it and approves it", async ({
  adminPage: page,
  api,
  axe,
}) => {
  test.slow(); // axe twice, four screenshots and a send through the outbox
  const month = lastMonth();
  const label = digestMonthLabel(month);
  const project = test.info().project.name;
  const reader = `digest-${project}@example.com`;
  await subscribeConfirmed(api, reader);
  await createRevenue(api, { amount: '420.00', source: 'ai', description: 'A client', date: `${month}-10` });
  await createMilestone(api, {
    title: 'Digest milestone',
    description: 'Something worth a line in the digest.',
    date: `${month}-12`,
    day: 40,
    isRevenue: 0,
  });

  await page.goto('/admin?tab=newsletter');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const digest = digestSection(page);
  await expect(digest.enabled).not.toBeChecked();
  await expect(digest.approve).toHaveCount(0);

  await digest.enabled.check();
  await expectToast(page, 'Monthly digest on');
  await expect(digest.enabled).toBeChecked();
  expect(await (await api.get(DIGEST_URL)).json()).toMatchObject({ enabled: true });

  await digest.draftNow.click();
  await expectToast(page, 'Digest drafted');
  await expect(
    digest.section.getByText(`The digest for ${label} is waiting for your approval`),
  ).toBeVisible();
  // Opened in the compose form above, to read and edit like any draft.
  const compose = page.getByRole('region', { name: 'Edit draft', exact: true });
  const subject = page.getByRole('textbox', { name: 'Subject', exact: true });
  await expect(page.getByRole('heading', { name: 'Edit draft', exact: true })).toBeVisible();
  await expect(subject).toHaveValue(new RegExp(`: ${label} in review$`));
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await expect(body).toHaveValue(/Revenue earned in .*\*\*\$420\.00\*\*/);
  await expect(body).toHaveValue(/\[Digest milestone\]\(\/milestones\/\d+-digest-milestone\)/);
  await expect(compose).toBeVisible();

  // The form is left, then the card opens it again.
  await page.getByRole('button', { name: 'New draft', exact: true }).click();
  await expect(subject).toHaveValue('');
  await digest.open.click();
  await expect(subject).toHaveValue(new RegExp(`in review$`));
  await expect(subject).toBeInViewport();
  await axe();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await digest.section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`digest-${project}-${scheme}.png`) });
    await digest.section.screenshot({
      path: test.info().outputPath(`digest-section-${project}-${scheme}.png`),
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, 'the page scrolls sideways').toBe(false);

  // Nothing is mailed before the approval.
  const [draft] = await listBroadcasts(api);
  expect(draft).toMatchObject({ origin: 'digest', status: 'draft', counts: { queued: 0, sent: 0 } });

  await digest.approve.click();
  const dialog = page.getByRole('dialog', { name: /^Send '.* in review' to 1 confirmed subscriber\?$/ });
  await expect(dialog).toBeVisible();
  // axe reads a dialog still fading in as text of too little contrast.
  await stillness(dialog);
  await axe();
  await dialog.getByRole('button', { name: 'Approve and send', exact: true }).click();
  await expectToast(page, 'Sending started');
  await expect(dialog).toBeHidden();
  await expect(digest.approve).toHaveCount(0);
  await expect(digest.section.getByText(/is waiting for your approval/)).toHaveCount(0);

  const mail = await outboxMessage(api, reader, new RegExp(`${label} in review$`));
  expect(mail.text).toContain('Digest milestone');
  expect(mail.text).toContain('$420.00');
});
