import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every path is absolute, so the harness works from whatever directory pnpm starts it in. */
export const benchDir = fileURLToPath(new URL('../..', import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
export const serverEntry = path.join(repoRoot, 'apps/api/dist/main.js');
export const webDistDir = path.join(repoRoot, 'apps/web/dist');
export const defaultResultsFile = path.join(benchDir, 'results.md');
export const lighthouseDir = path.join(benchDir, 'lighthouse');
