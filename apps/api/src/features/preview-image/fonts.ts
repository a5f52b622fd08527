import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** What satori needs of one font face. */
export interface FontFace {
  name: string;
  data: Buffer;
  weight: 400 | 800;
  style: 'normal';
}

// Resolved from this module's own location, which in the build is dist/main.js beside node_modules,
// so the bundle finds the files as the sources do. satori reads WOFF, not WOFF2.
const packageRequire = createRequire(import.meta.url);
const FACES = [
  ['inter-latin-400-normal.woff', 400],
  ['inter-latin-ext-400-normal.woff', 400],
  ['inter-latin-800-normal.woff', 800],
  ['inter-latin-ext-800-normal.woff', 800],
] as const;

let loading: Promise<FontFace[]> | undefined;

/** Inter 400 and 800 (Latin and Latin Extended), read once on first use. */
export function interFonts(): Promise<FontFace[]> {
  loading ??= Promise.all(
    FACES.map(async ([file, weight]) => ({
      name: 'Inter',
      data: await readFile(packageRequire.resolve(`@fontsource/inter/files/${file}`)),
      weight,
      style: 'normal' as const,
    })),
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
