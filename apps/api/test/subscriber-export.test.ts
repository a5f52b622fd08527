import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();

describe('subscribers CSV export', () => {
  it('needs a session', async () => {
    const response = await call(admin.server.app, 'GET', '/api/admin/subscribers.csv');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You must be signed in.' });
  });

  it('streams a header row and every subscriber, escaping formulas', async () => {
    await call(admin.server.app, 'POST', '/api/subscribers', { email: 'reader@example.com', consent: true });
    // Stored directly: the export must be safe whatever reached the table.
    await admin.server.db.insert(schema.subscribers).values([
      {
        email: '=HYPERLINK("http://evil.example")',
        consent: 1,
        status: 'confirmed',
        confirmedAt: new Date('2026-01-02T03:04:05.678Z'),
      },
      { email: '+1@example.com', consent: 0 },
    ]);
    const response = await admin.call('GET', '/api/admin/subscribers.csv', undefined);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,consent,subscribed_on,status,confirmed_on,consent_version');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^reader@example\.com,1,\d{4}-\d{2}-\d{2}T[^,]+,pending,,v1$/);
    expect(lines[2]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example""\)",1,[^,]+,confirmed,2026-01-02T03:04:05\.678Z,v1$/,
    );
    expect(lines[3]).toMatch(/^'\+1@example\.com,0,[^,]+,pending,,v1$/);
  });
});
