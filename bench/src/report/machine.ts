import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { repoRoot } from '../lib/paths';

/** The commit measured, and whether the work tree differed from it: "before/after" needs both. */
function commit(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain').length > 0 ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

/** A URL with its password masked, for a command line written to a committed file. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** The lines every results section starts with; `root`: the checkout whose build was measured. */
export function runContext(command: string, root = repoRoot): string[] {
  const cpus = os.cpus();
  const measured =
    root === repoRoot ? commit(root) : `${commit(root)} (\`${root}\`, by the harness of ${commit(repoRoot)})`;
  return [
    `- Command: \`${command}\``,
    `- Commit: ${measured}`,
    `- Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}`,
    `- Node ${process.version}`,
  ];
}

/** "2026-05-01 14:03 UTC": sortable, and the same in every time zone. */
export function runDate(date = new Date()): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
