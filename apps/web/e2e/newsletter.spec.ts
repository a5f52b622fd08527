import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdRequests, requestsTo, section, uniqueTag } from './support';

const CONSENT = 'I agree to receive updates about the journey by email. Unsubscribe any time.';
const CHECK_INBOX = 'Please check your inbox to confirm your address.';
const THANKS = `Thanks for joining! You'll receive updates soon. ${CHECK_INBOX}`;
const SUBSCRIBE_CALL = /\/api\/trpc\/[^?]*subscribers\.subscribe/;

function signUpForm(page: Page) {
  const contact = section(page, 'Join The Journey');
  return {
    email: contact.getByRole('textbox', { name: 'Email address', exact: true }),
    consent: contact.getByRole('checkbox', { name: CONSENT, exact: true }),
    subscribe: contact.getByRole('button', { name: 'Subscribe', exact: true }),
    status: contact.getByRole('status'),
    contact,
  };
}

/** The chunk of the sections below the hero: held, it keeps them as the server's HTML. */
const SECTIONS_CHUNK = /\/assets\/landing-sections-[^/]+\.js$/;

/** Opens `/` hydrated but with the sections' chunk held, recording the sign-up calls. */
async function openWithSectionsHeld(page: Page) {
  const sections = await holdRequests(page, SECTIONS_CHUNK);
  const calls = requestsTo(page, SUBSCRIBE_CALL);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  return { sections, calls, form: signUpForm(page) };
}

test.describe('newsletter sign-up', () => {
  test('refuses an invalid address and a missing consent without calling the server', async ({ page }) => {
    const calls = requestsTo(page, SUBSCRIBE_CALL);
    await page.goto('/');
    const form = signUpForm(page);

    await form.email.fill('not-an-address');
    await form.subscribe.click();
    await expect(
      form.contact.getByText('Please enter a valid email address.', { exact: true }),
    ).toBeVisible();
    await expect(form.contact.getByText('Please agree to receive updates.', { exact: true })).toBeVisible();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');

    await form.email.fill('valid@example.com');
    await form.subscribe.click();
    await expect(form.contact.getByText('Please enter a valid email address.', { exact: true })).toBeHidden();
    await expect(form.contact.getByText('Please agree to receive updates.', { exact: true })).toBeVisible();

    await expect(form.status).not.toContainText(THANKS);
    expect(calls, 'no sign-up call for an invalid form').toEqual([]);
  });

  test('stores the subscriber, thanks for 3 seconds, clears the fields and keeps asking to check the inbox', async ({
    page,
    adminRequest,
  }, testInfo) => {
    const address = `reader-${uniqueTag(testInfo.project.name)}@example.com`;
    await page.goto('/');
    const form = signUpForm(page);

    // When the status region gains and loses its text, timed in the page.
    await form.status.evaluate((status) => {
      const changes: { at: number; text: string }[] = [];
      (window as unknown as { __statusChanges: typeof changes }).__statusChanges = changes;
      new MutationObserver(() =>
        changes.push({ at: performance.now(), text: status.textContent ?? '' }),
      ).observe(status, { subtree: true, childList: true, characterData: true });
    });

    await form.email.fill(address);
    await form.consent.check();
    const gate = await holdRequests(page, SUBSCRIBE_CALL);
    await form.subscribe.click();
    await gate.requested;
    await expect(form.contact.getByRole('button', { name: 'Processing...', exact: true })).toBeDisabled();
    gate.release();

    await expect(form.status).toHaveText(THANKS);
    await expect(form.email).toHaveValue('');
    await expect(form.consent).not.toBeChecked();
    await expect(form.subscribe).toBeEnabled();

    // Stored: the admin sees the address.
    const response = await adminRequest.get('/api/trpc/subscribers.list');
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { result: { data: { email: string }[] } };
    expect(body.result.data.map((subscriber) => subscriber.email)).toContain(address);

    // The thanks stays 3 s, then goes; what the reader has to do next stays.
    await expect(form.status).toHaveText(CHECK_INBOX, { timeout: 6_000 });
    const changes = await page.evaluate(
      () => (window as unknown as { __statusChanges: { at: number; text: string }[] }).__statusChanges,
    );
    const shown = changes.find((change) => change.text === THANKS);
    const gone = changes.findLast((change) => change.text === CHECK_INBOX);
    expect(shown && gone, JSON.stringify(changes)).toBeTruthy();
    const shownFor = gone!.at - shown!.at;
    expect(shownFor, 'the thanks shows for 3 s').toBeGreaterThanOrEqual(2_900);
    expect(shownFor).toBeLessThan(3_600);
  });

  test.describe('before the sections below the hero have hydrated', () => {
    // A slow phone: the reader types, ticks and submits while the form is still the server's HTML
    // (docs/decisions/047-landing-page-weight.md). What they did must reach the hydrated form.
    test('a sign-up typed and submitted meanwhile is sent as typed once they hydrate', async ({
      page,
      adminRequest,
    }, testInfo) => {
      const address = `early-${uniqueTag(testInfo.project.name)}@example.com`;
      const { sections, calls, form } = await openWithSectionsHeld(page);

      await form.email.pressSequentially(address);
      await form.consent.check();
      await form.subscribe.click();
      await sections.requested;
      expect(calls, 'nothing is sent before the form has hydrated').toEqual([]);
      sections.release();

      await expect(form.status).toHaveText(THANKS);
      await expect(form.contact.getByText('Email is required.', { exact: true })).toBeHidden();
      await expect(form.email).toHaveValue('');
      await expect(form.consent).not.toBeChecked();
      expect(calls).toHaveLength(1);
      const response = await adminRequest.get('/api/trpc/subscribers.list');
      const body = (await response.json()) as { result: { data: { email: string }[] } };
      expect(body.result.data.map((subscriber) => subscriber.email)).toContain(address);
    });

    test('an invalid address submitted meanwhile gets its own message, not "required"', async ({ page }) => {
      const { sections, calls, form } = await openWithSectionsHeld(page);

      await form.email.pressSequentially('not-an-address');
      await form.subscribe.click();
      await sections.requested;
      sections.release();

      await expect(
        form.contact.getByText('Please enter a valid email address.', { exact: true }),
      ).toBeVisible();
      await expect(form.contact.getByText('Please agree to receive updates.', { exact: true })).toBeVisible();
      await expect(form.contact.getByText('Email is required.', { exact: true })).toBeHidden();
      await expect(form.email).toHaveValue('not-an-address');
      expect(calls).toEqual([]);
    });
  });
});
