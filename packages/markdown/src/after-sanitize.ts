import type { Element, ElementContent, Root, RootContent } from 'hast';

/** What rehype-sanitize prefixes every `id` and `name` with, so none can clobber the page's. */
export const CLOBBER_PREFIX = 'user-content-';

type Parent = Root | Element;

function* elements(parent: Parent): Generator<Element> {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    yield child;
    yield* elements(child);
  }
}

const isBareImage = (node: RootContent | ElementContent) =>
  node.type === 'element' && node.tagName === 'img' && typeof node.properties.src !== 'string';

/** The sanitizer keeps an `<img>` whose address it dropped: an image with nothing to show goes too. */
function dropBareImages(parent: Parent): void {
  for (let index = parent.children.length - 1; index >= 0; index--) {
    const child = parent.children[index];
    if (child && isBareImage(child)) parent.children.splice(index, 1);
    else if (child?.type === 'element') dropBareImages(child);
  }
}

/**
 * A link to `#fn-1` must follow its target to `#user-content-fn-1` (footnotes, their back links). Only
 * targets inside this document are followed: `#tracker` still reaches the page's own section.
 */
function followPrefixedTargets(tree: Root): void {
  const ids = new Set<string>();
  for (const element of elements(tree)) {
    if (typeof element.properties.id === 'string') ids.add(element.properties.id);
  }
  for (const element of elements(tree)) {
    const href = element.properties.href;
    if (element.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) {
      if (ids.has(CLOBBER_PREFIX + href.slice(1)))
        element.properties.href = `#${CLOBBER_PREFIX}${href.slice(1)}`;
    }
  }
}

/**
 * A table wider than a phone scrolls sideways (the site's styles make it a scroll box): it takes the
 * keyboard focus, so a keyboard reader can scroll it too (axe's scrollable-region-focusable).
 */
function focusableTables(tree: Root): void {
  for (const element of elements(tree)) {
    if (element.tagName === 'table') element.properties.tabIndex = 0;
  }
}

/** Runs after the sanitizer, on what it let through. */
export function afterSanitize() {
  return (tree: Root) => {
    dropBareImages(tree);
    followPrefixedTargets(tree);
    focusableTables(tree);
  };
}
