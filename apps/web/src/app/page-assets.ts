import type { Manifest, ManifestChunk } from 'vite';

/**
 * The <link> tags a server-rendered page needs beyond what index.html already links for the entry:
 * the stylesheets of the code-split modules it runs, `sources` in the order they load (so the HTML is
 * styled from the first paint) and their scripts as module preloads (fetched alongside the entry
 * instead of after it). Stylesheets come dependencies first, in the order Vite itself loads them when
 * the page is reached by client-side navigation; each file once.
 */
export function pageAssetTags(manifest: Manifest, ...sources: string[]): string {
  const linkedByIndexHtml = new Set<string>();
  const addWithImports = (key: string, seen: Set<string>, onChunk?: (chunk: ManifestChunk) => void) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || linkedByIndexHtml.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) addWithImports(imported, seen, onChunk);
    onChunk?.(chunk);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) addWithImports(key, linkedByIndexHtml);
  }

  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    addWithImports(source, seen, (chunk) => {
      scripts.push(chunk.file);
      styles.push(...(chunk.css ?? []));
    });
  }
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ');
}
