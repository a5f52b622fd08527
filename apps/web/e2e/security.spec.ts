import { expect, test } from './fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** The directive's sources, or undefined when the policy lacks it. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found?.slice(1);
}

test.describe('security headers', () => {
  test('/ sends a strict content security policy and nosniff', async ({ page }) => {
    const response = await page.goto('/');
    expect(response, 'the navigation has a response').not.toBeNull();
    const headers = response!.headers();

    const policy = headers['content-security-policy'];
    expect(policy, 'content-security-policy header').toBeTruthy();
    expect(directive(policy!, 'default-src')).toEqual(["'self'"]);
    const scriptSrc = directive(policy!, 'script-src');
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  test('the pages render under the policy without violations', async ({ page }) => {
    const cspMessages: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspMessages.push(message.text());
    });
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations?.push(`${event.violatedDirective}: ${event.blockedURI}`);
      });
    });

    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: /first solo AI-powered Unicorn/ }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    const onLanding = await page.evaluate(() => window.__cspViolations ?? []);

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const onAuth = await page.evaluate(() => window.__cspViolations ?? []);

    expect(onLanding, 'CSP violations on /').toEqual([]);
    expect(onAuth, 'CSP violations on /auth').toEqual([]);
    expect(cspMessages, 'CSP messages on the console').toEqual([]);
  });
});
