import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The short commit of a checkout (this one by default), or its folder's name when git cannot tell. */
export function commitOf(dir?: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  } catch {
    return dir ? path.basename(dir) : 'unknown';
  }
}
