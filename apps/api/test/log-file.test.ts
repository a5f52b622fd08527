/**
 * LOG_FILE on the real server process: the lines reach the file through the buffered destination, and
 * what was logged right before a graceful shutdown's exit is there too (the buffer is flushed at exit).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLogLines } from './support/log-line';
import { useServerProcesses } from './support/server-process';

describe('LOG_FILE', () => {
  const processes = useServerProcesses();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'journey-log-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('receives one line per request, and every line up to the last before a graceful exit', async () => {
    // A folder that does not exist yet: the server makes it.
    const file = path.join(dir, 'logs', 'app.log');
    const server = await processes.start({ LOG_LEVEL: 'info', LOG_FILE: file });
    const response = await fetch(`${server.base}/api/milestones?page=secret-query`);
    expect(response.status).toBe(200);
    const reqId = response.headers.get('x-request-id');
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    // Nothing goes to stdout when a file is named.
    expect(server.output()).toBe('');

    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = parseLogLines(text);
    const own = lines.filter((line) => line.reqId === reqId);
    expect(own).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/milestones' },
        res: { statusCode: 200 },
      }),
    ]);
    expect(text).not.toContain('secret-query');
    // The line written just before process.exit, well under the buffer's size and flush interval.
    expect(lines.at(-2)).toMatchObject({ level: 30, msg: 'shutting down', signal: 'SIGTERM' });
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'shut down' });
  });
});
