import type { PrivacySettings } from '@journey/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, useAdminServer } from './helpers';

/**
 * shields.io's endpoint-badge schema as its docs state it (https://shields.io/badges/endpoint-badge):
 * schemaVersion always 1, label a string (may be empty), message a non-empty string, the optional
 * fields of their types, cacheSeconds at least shields.io's floor of 300. Strict: a field shields.io
 * does not know would be a typo.
 */
const shieldsEndpointSchema = z.strictObject({
  schemaVersion: z.literal(1),
  label: z.string(),
  message: z.string().min(1),
  color: z.string().min(1).optional(),
  labelColor: z.string().min(1).optional(),
  isError: z.boolean().optional(),
  namedLogo: z.string().optional(),
  logoSvg: z.string().optional(),
  logoColor: z.string().optional(),
  logoWidth: z.number().positive().optional(),
  style: z.enum(['flat', 'flat-square', 'plastic', 'for-the-badge', 'social']).optional(),
  cacheSeconds: z.number().int().min(300).optional(),
});

const admin = useAdminServer();
const shield = (figure: string) =>
  admin.server.app.inject({ method: 'GET', url: `/api/public/shields/${figure}.json` });

async function setPrivacy(privacy: Partial<PrivacySettings>) {
  const settings = (await call(admin.server.app, 'GET', '/api/settings')).json();
  const saved = await admin.call('PUT', '/api/admin/settings', {
    ...settings,
    privacy: { ...settings.privacy, ...privacy },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function badgeOf(figure: string) {
  const response = await shield(figure);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return shieldsEndpointSchema.parse(response.json());
}

describe('shields.io endpoint', () => {
  it('answers every figure in the endpoint-badge schema', async () => {
    expect(
      (
        await admin.call('POST', '/api/revenue', {
          amount: '12345.67',
          source: 'ai',
          description: 'A sale for the shields test',
          date: '2024-05-01',
        })
      ).statusCode,
    ).toBe(201);
    expect(await badgeOf('total')).toEqual({
      schemaVersion: 1,
      label: 'revenue',
      message: '$12,345.67',
      color: 'blueviolet',
      cacheSeconds: 300,
    });
    expect(await badgeOf('progress')).toMatchObject({ label: 'progress to $1B', message: '0.0012%' });
    // No subscription was ever read: no MRR to show.
    expect(await badgeOf('mrr')).toMatchObject({ label: 'MRR', message: 'none yet', color: 'lightgrey' });
  });

  it('is public, cached five minutes and readable cross-origin, without a session', async () => {
    const response = await shield('total');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await admin.server.app.inject({
      method: 'GET',
      url: '/api/public/shields/total.json',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers an unknown figure with a 404 JSON body', async () => {
    for (const figure of ['profit', 'TOTAL', '..%2Fsettings']) {
      const response = await shield(figure);
      expect(response.statusCode, figure).toBe(404);
      expect(response.json().message).toMatch(/total, progress, mrr/);
    }
  });

  it('shows a ranged total as its band and never leaks a hidden one', async () => {
    await setPrivacy({ total: 'range' });
    expect((await badgeOf('total')).message).toBe('$10k–$25k');
    expect((await badgeOf('progress')).message).toBe('$10k–$25k of $1B');
    await setPrivacy({ total: 'hidden', mrr: 'hidden' });
    for (const figure of ['total', 'progress', 'mrr']) {
      const response = await shield(figure);
      const badge = shieldsEndpointSchema.parse(response.json());
      expect(badge).toMatchObject({ message: 'private', color: 'lightgrey' });
      expect(response.body).not.toMatch(/12,?345|0\.0012|\$10k/);
    }
    await setPrivacy({ total: 'exact', mrr: 'exact' });
    expect((await badgeOf('total')).message).toBe('$12,345.67');
  });
});
