import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageAssetTags } from './page-assets';

// The shape of dist/client/.vite/manifest.json: the entry, two code-split pages and a shared chunk.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-b2.js'],
    dynamicImports: ['src/features/auth/auth-page.tsx', 'src/features/admin/admin-page.tsx'],
    css: ['assets/index-a1.css'],
  },
  '_vendor-b2.js': { file: 'assets/vendor-b2.js', name: 'vendor' },
  '_forms-c3.js': {
    file: 'assets/forms-c3.js',
    name: 'forms',
    imports: ['index.html'],
    css: ['assets/forms-c3.css'],
  },
  'src/features/auth/auth-page.tsx': {
    file: 'assets/auth-page-d4.js',
    src: 'src/features/auth/auth-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-c3.js', '_vendor-b2.js'],
    css: ['assets/auth-page-d4.css'],
  },
  'src/features/admin/admin-page.tsx': {
    file: 'assets/admin-page-e5.js',
    src: 'src/features/admin/admin-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

describe('pageAssetTags', () => {
  it("links the page's stylesheets, dependencies first, and preloads its scripts", () => {
    expect(pageAssetTags(manifest, 'src/features/auth/auth-page.tsx').split('\n    ')).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/forms-c3.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/auth-page-d4.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/forms-c3.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/auth-page-d4.js" />',
    ]);
  });

  it('leaves out what index.html already links: the entry and its imports', () => {
    expect(pageAssetTags(manifest, 'src/features/admin/admin-page.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/admin-page-e5.js" />',
    );
  });

  it('links the files of several sources in order, each once', () => {
    expect(
      pageAssetTags(manifest, 'src/features/admin/admin-page.tsx', 'src/features/auth/auth-page.tsx').split(
        '\n    ',
      ),
    ).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/forms-c3.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/auth-page-d4.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/admin-page-e5.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/forms-c3.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/auth-page-d4.js" />',
    ]);
    expect(
      pageAssetTags(manifest, 'src/features/auth/auth-page.tsx', 'src/features/auth/auth-page.tsx'),
    ).toBe(pageAssetTags(manifest, 'src/features/auth/auth-page.tsx'));
  });

  it('links nothing for a source the build does not know', () => {
    expect(pageAssetTags(manifest, 'src/features/missing.tsx')).toBe('');
  });
});
