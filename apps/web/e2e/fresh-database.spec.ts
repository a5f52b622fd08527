import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectToast,
  finalAmount,
  formIn,
  gotoHydrated,
  PRODUCT,
  section,
  submitAndSeePending,
} from './support';

// These tests run on the project's own server (freshBaseURL), whose database nobody else
// writes to: no account before the registration below, and never a revenue entry or milestone.
test.use({ baseURL: async ({ freshBaseURL }, use) => use(freshBaseURL) });

const REGISTER_CALL = /\/api\/trpc\/[^?]*auth\.register/;

function registerForm(page: Page) {
  const panel = page.getByRole('tabpanel', { name: 'Register' });
  const labels = { username: 'Username', email: 'Email', password: 'Password', confirm: 'Confirm Password' };
  return { panel, ...formIn(panel, labels, 'Create Account') };
}

test.describe('a fresh database', () => {
  test('the first account registers through the Register tab, then registration closes', async ({
    page,
    browser,
    request,
    freshBaseURL,
  }) => {
    await gotoHydrated(page, '/auth');
    await page.getByRole('tab', { name: 'Register', exact: true }).click();
    const form = registerForm(page);
    await expect(form.username).toBeEnabled();
    await expect(form.panel.getByText('Registration is closed')).toHaveCount(0);

    // The form's own checks.
    await form.submit.click();
    await expect(
      form.panel.getByText('Username must be at least 3 characters', { exact: true }),
    ).toBeVisible();
    await expect(
      form.panel.getByText('Password must be at least 6 characters', { exact: true }).first(),
    ).toBeVisible();

    await form.username.fill('owner');
    await form.email.fill('owner@example.com');
    await form.password.fill('owner-password-1');
    await form.confirm.fill('owner-password-2');
    await form.submit.click();
    await expect(form.panel.getByText('Passwords do not match', { exact: true })).toBeVisible();
    await expect(
      form.panel.getByText('Username must be at least 3 characters', { exact: true }),
    ).toBeHidden();
    await expect(page).toHaveURL(/\/auth$/);

    await form.confirm.fill('owner-password-1');
    const pending = form.panel.getByRole('button', { name: 'Creating account...', exact: true });
    await submitAndSeePending(form.submit, REGISTER_CALL, pending);

    await expectToast(page, 'Registration successful', 'Your account has been created!');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText('Welcome, owner')).toBeVisible();

    // Registration is now closed, for the server and for the next visitor.
    const late = await request.post('/api/register', {
      data: { username: 'second', email: 'second@example.com', password: 'second-password' },
    });
    expect(late.status()).toBe(403);
    expect(await late.json()).toEqual(expect.objectContaining({ message: 'Registration is closed' }));

    const visitor = await browser.newContext({ baseURL: freshBaseURL });
    try {
      const other = await visitor.newPage();
      await gotoHydrated(other, '/auth');
      await other.getByRole('tab', { name: 'Register', exact: true }).click();
      const closed = registerForm(other);
      await expect(
        closed.panel.getByRole('alert').filter({ hasText: 'Registration is closed' }),
      ).toBeVisible();
      await expect(closed.username).toBeDisabled();
      await expect(closed.submit).toBeDisabled();
    } finally {
      await visitor.close();
    }
  });

  test('the landing page shows $0.00 and no milestones, in the server HTML and in the browser', async ({
    page,
    request,
  }) => {
    const summary = await request.get('/api/revenue');
    expect(await summary.json()).toMatchObject({
      totalRevenue: '0.00',
      bySource: { ai: '0.00', passive: '0.00', consulting: '0.00' },
      ranges: { totalRevenue: null, bySource: { ai: null, passive: null, consulting: null } },
    });

    const html = await (await request.get('/')).text();
    expect(html).toContain('No milestones yet');
    expect(html).toMatch(/Current Progress<\/p>.*?\$0\.00/s);

    await page.goto('/');
    const tracker = section(page, `${PRODUCT} Build Tracker`);
    await expect(finalAmount(page)).toHaveText('$0.00');
    await expect(tracker.getByText('of $1,000,000,000 · 0% of the way', { exact: true })).toBeVisible();
    await expect(tracker.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    for (const label of ['All Revenue', 'AI Projects', 'Passive Income', 'Consulting']) {
      await expect(tracker.getByRole('button', { name: `${label} $0.00`, exact: true })).toBeVisible();
    }
    const milestones = section(page, 'Journey Milestones');
    await expect(
      milestones.getByRole('heading', { level: 3, name: 'No milestones yet', exact: true }),
    ).toBeVisible();
    await expect(milestones.getByRole('article')).toHaveCount(0);
    await expect(page.getByTestId('milestone-skeleton')).toHaveCount(0);
  });
});
