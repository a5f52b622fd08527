import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * Mantine's CSS reaches a page in the stylesheets of several chunks (src/mantine-styles/, one module per
 * chunk: docs/decisions/071-mantine-css-from-one-module-per-chunk.md), in whatever order the chunks
 * happen to load. Each Mantine stylesheet
 * goes into a cascade layer of its own, and index.html declares the layers' order first: the cascade is
 * then Mantine's own (@mantine/core/styles.css) whichever stylesheet arrives last, and the app's own CSS,
 * unlayered, comes after all of it (docs/decisions/053-mantine-css-in-ordered-layers.md).
 *
 * A layer is named by the stylesheet's place in that order (`mantine-97` is Tabs.css): the names are in
 * the landing page's inline stylesheet, whose budget a name per component did not fit.
 */

const require = createRequire(import.meta.url);

/** A component's stylesheet of @mantine/core, or the whole stylesheet of another Mantine package. */
const MANTINE_STYLESHEET =
  /\/@mantine\/(?:core\/styles\/([\w-]+)|(dates|notifications|charts)\/styles)\.css$/;

/** The name of a Mantine stylesheet (`Tabs`, `dates`), null for any other file. */
export function mantineStylesheetOf(id: string): string | null {
  const match = MANTINE_STYLESHEET.exec(id.replace(/\?.*/, ''));
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Every layer, in the order of Mantine's complete stylesheets: @mantine/core's components as
 * styles.css concatenates them (a component after those it is built on), then the packages built on it.
 */
export function mantineStylesheetOrder(): string[] {
  const complete = require.resolve('@mantine/core/styles.css');
  const all = readFileSync(complete, 'utf8');
  const folder = path.join(path.dirname(complete), 'styles');
  const components = readdirSync(folder)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const at = all.indexOf(readFileSync(path.join(folder, file), 'utf8').trim());
      if (at < 0)
        throw new Error(`@mantine/core/styles.css does not hold styles/${file}: its order is unknown`);
      return { name: file.slice(0, -'.css'.length), at };
    });
  return [
    ...components.sort((one, other) => one.at - other.at).map(({ name }) => name),
    'dates',
    'notifications',
    'charts',
  ];
}

/**
 * Wraps each Mantine stylesheet in its layer, and puts the order of the layers the build uses first in
 * index.html's <head> (every layer, in `pnpm dev`, which serves index.html before it knows them).
 */
export function mantineCssLayers(): Plugin {
  const order = mantineStylesheetOrder();
  const layerOf = (stylesheet: string) => {
    const place = order.indexOf(stylesheet);
    if (place < 0)
      throw new Error(`Mantine's ${stylesheet}.css has no place in the order of its stylesheets`);
    return `mantine-${place}`;
  };
  const used = new Set<string>();
  let building = false;
  return {
    name: 'journey-mantine-css-layers',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform(code, id) {
      const stylesheet = mantineStylesheetOf(id);
      if (!stylesheet) return null;
      used.add(stylesheet);
      return { code: `/* ${stylesheet} */\n@layer ${layerOf(stylesheet)} {\n${code}\n}\n`, map: null };
    },
    // Right after <meta charset>, which must stay in the document's first 1,024 bytes.
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const layers = order.filter((stylesheet) => !building || used.has(stylesheet)).map(layerOf);
        const declaration = `<style>@layer ${layers.join(',')};</style>`;
        const charset = /<meta charset="[^"]*" \/>/;
        if (!charset.test(html)) throw new Error('index.html has no <meta charset>');
        return html.replace(charset, (meta) => `${meta}\n    ${declaration}`);
      },
    },
  };
}
