import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every path is absolute, so the harness works from whatever directory pnpm starts it in. */
export const benchDir = fileURLToPath(new URL('../..', import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
/** A checkout's server bundle and web build: this one's, or another's that `pnpm bench:compare` measures. */
export const serverEntryIn = (root: string) => path.join(root, 'apps/api/dist/main.js');
export const webDistDirIn = (root: string) => path.join(root, 'apps/web/dist');
export const serverEntry = serverEntryIn(repoRoot);
export const webDistDir = webDistDirIn(repoRoot);
/** Every run's dated section goes here; bench/results.md is the table of current figures, kept by hand. */
export const defaultHistoryFile = path.join(benchDir, 'history', 'runs.md');
export const lighthouseDir = path.join(benchDir, 'lighthouse');
