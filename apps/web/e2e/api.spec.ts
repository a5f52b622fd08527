import { expect, test } from './fixtures';

test.describe('API seen from the browser', () => {
  test('GET /api/revenue answers the totals as decimal strings', async ({ page }) => {
    await page.goto('/');
    const response = await page.request.get('/api/revenue');

    expect(response.status(), await response.text()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    // The run starts on a fresh database with no revenue.
    expect(await response.json()).toEqual({
      totalRevenue: '0.00',
      bySource: { ai: '0.00', passive: '0.00', consulting: '0.00' },
    });
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
