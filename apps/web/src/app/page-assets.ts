import type { Manifest, ManifestChunk } from 'vite';

/**
 * The <link> tags a server-rendered, code-split page needs beyond what index.html already links for
 * the entry: its stylesheets (so the HTML is styled from the first paint) and its scripts as module
 * preloads (fetched alongside the entry instead of after it). Stylesheets come dependencies first,
 * in the order Vite itself loads them when the page is reached by client-side navigation.
 */
export function pageAssetTags(manifest: Manifest, source: string): string {
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
  addWithImports(source, new Set(), (chunk) => {
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
  });
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ');
}
