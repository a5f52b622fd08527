import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, serverEntry, webDistDir } from '../lib/paths';
import { step } from '../lib/log';

/** `pnpm build` at the root, so the figures are those of the code in the work tree. */
export async function buildApp(): Promise<void> {
  step('building the app (pnpm build; --no-build skips this)');
  // Started through pnpm, `npm_execpath` is pnpm itself; otherwise rely on `pnpm` being on PATH.
  const execPath = process.env.npm_execpath;
  const [command, args] =
    execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath, 'build']] : ['pnpm', ['build']];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`pnpm build failed (exit code ${code})`);
}

/** With --no-build, fail early and clearly when there is nothing to start. */
export async function assertBuilt(): Promise<void> {
  for (const file of [serverEntry, path.join(webDistDir, 'server'), path.join(webDistDir, 'client')]) {
    try {
      await access(file);
    } catch {
      throw new Error(`${path.relative(repoRoot, file)} is missing: run \`pnpm build\` (or drop --no-build)`);
    }
  }
}
