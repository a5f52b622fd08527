import { expect, test } from './fixtures';

const DECIMAL = /^\d+\.\d{2}$/;

test.describe('API seen from the browser', () => {
  test('GET /api/revenue answers the totals as decimal strings', async ({ page }) => {
    await page.goto('/');
    const response = await page.request.get('/api/revenue');

    expect(response.status(), await response.text()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    // Other specs add (and remove) revenue on this server: check the shape and the sum.
    // fresh-database.spec.ts checks the exact zeros of a new database.
    const body = (await response.json()) as {
      totalRevenue: string;
      bySource: { ai: string; passive: string; consulting: string };
    };
    // This server shows every figure exactly (docs/decisions/083-privacy-per-figure.md).
    expect(body).toEqual({
      totalRevenue: expect.stringMatching(DECIMAL),
      bySource: {
        ai: expect.stringMatching(DECIMAL),
        passive: expect.stringMatching(DECIMAL),
        consulting: expect.stringMatching(DECIMAL),
      },
      ranges: { totalRevenue: null, bySource: { ai: null, passive: null, consulting: null } },
      privacy: { total: 'exact', bySource: 'exact', monthly: 'exact', mrr: 'exact', experiments: 'exact' },
      bandRule: expect.stringContaining('Ranges are bands'),
    });
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    expect(cents(body.totalRevenue)).toBe(
      cents(body.bySource.ai) + cents(body.bySource.passive) + cents(body.bySource.consulting),
    );
  });

  test('an unknown API path answers 404 JSON with a message', async ({ request }) => {
    const response = await request.get('/api/nope');

    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body: unknown = await response.json();
    expect(body).toEqual({ message: expect.any(String) });
    expect((body as { message: string }).message).not.toBe('');
  });
});
