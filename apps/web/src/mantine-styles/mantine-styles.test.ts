import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesheetOf, mantineStylesheetOrder } from '../../vite-plugins/mantine-css-layers';

const SRC = path.resolve(__dirname, '..');
const HERE = path.relative(SRC, __dirname);
const MANTINE_CSS = /^import\s+['"](@mantine\/[^'"]+\.css)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const mantineImports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(MANTINE_CSS)].map((match) => match[1] ?? '');

describe("Mantine's CSS (docs/decisions/071-mantine-css-from-one-module-per-chunk.md)", () => {
  it('is imported by the modules of src/mantine-styles only', () => {
    const elsewhere = sourceFiles(SRC)
      .filter((file) => path.relative(SRC, path.dirname(file)) !== HERE)
      .flatMap((file) => mantineImports(file).map((css) => `${path.relative(SRC, file)}: ${css}`));
    expect(elsewhere).toEqual([]);
  });

  it.each(['entry', 'on-demand', 'dialogs', 'auth', 'admin'])(
    '%s.ts lists its stylesheets once each, in Mantine order',
    (module) => {
      const order = mantineStylesheetOrder();
      const listed = mantineImports(path.join(__dirname, `${module}.ts`)).map(
        (css) => mantineStylesheetOf(`/node_modules/${css}`) ?? css,
      );
      expect(listed.length).toBeGreaterThan(0);
      for (const stylesheet of listed) expect(order, stylesheet).toContain(stylesheet);
      const inOrder = [...new Set(listed)].sort((one, other) => order.indexOf(one) - order.indexOf(other));
      expect(listed).toEqual(inOrder);
    },
  );
});
