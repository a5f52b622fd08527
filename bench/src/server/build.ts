import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot, serverEntryIn, webDistDirIn } from '../lib/paths';
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

/** With --no-build (or for another checkout), fail early and clearly when there is nothing to start. */
export async function assertBuilt(root = repoRoot): Promise<void> {
  const webDist = webDistDirIn(root);
  for (const file of [serverEntryIn(root), path.join(webDist, 'server'), path.join(webDist, 'client')]) {
    try {
      await access(file);
    } catch {
      const where = root === repoRoot ? path.relative(repoRoot, file) : file;
      throw new Error(`${where} is missing: run \`pnpm build\` there (or drop --no-build)`);
    }
  }
}
