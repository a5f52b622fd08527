/**
 * What a registration costs (docs/decisions/057-render-limits-and-http-hardening.md). The file mocks the
 * password module to count hashes, so it runs with a module graph of its own (the slow suite's isolation).
 */
import { describe, expect, it, vi } from 'vitest';
import type * as password from '../src/features/auth/password';
import { hashPassword } from '../src/features/auth/password';
import { REGISTER_RATE_LIMIT } from '../src/features/auth/register-rate-limit';
import { registerAdmin, useTestServer, type TestServer, call } from './helpers';

// Every password hash this file's servers compute is counted: a closed registration must cost none.
vi.mock('../src/features/auth/password', async (importOriginal) => {
  const original = await importOriginal<typeof password>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** A registration as the Register tab sends it. */
const register = (server: TestServer, fields: { username: string; password: string; email: string }) =>
  call(server.app, 'POST', '/api/register', fields);
const account = (username: string, email: string) => ({ username, email, password: 'secret123' });

describe('registration cost and limits', () => {
  const server = useTestServer();

  it('refuses a closed registration before hashing its password', async () => {
    await registerAdmin(server.app);
    // The count reaches the server's own registration: the first account's password was hashed here.
    expect(hashPassword).toHaveBeenCalled();
    vi.mocked(hashPassword).mockClear();
    const refused = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        register(server, account(`intruder${index}`, `intruder${index}@example.com`)),
      ),
    );
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('answers the registrations from one address past the limit with 429 and the error body', async () => {
    const from = (ip: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: account('latecomer', 'late@example.com'),
      });
    const statuses: number[] = [];
    for (let index = 0; index < REGISTER_RATE_LIMIT.perIp; index += 1)
      statuses.push((await from('203.0.113.7')).statusCode);
    expect(statuses).toEqual(statuses.map(() => 403));
    const limited = await from('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many registration attempts\. Try again in \d+ seconds\.$/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one's attempts.
    expect((await from('203.0.113.8')).statusCode).toBe(403);
  });
});
