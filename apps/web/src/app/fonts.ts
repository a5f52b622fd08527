import latinExtUrl from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import latinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * Inter (@fontsource-variable/inter), the two subsets the site's text is written in, with fontsource's
 * ranges; other scripts fall back to the system font. Declared from script once the page has painted,
 * so the first paint neither waits for nor shares the network with the font: the text shows in the
 * size-adjusted fallback of fonts.css until Inter swaps in (docs/decisions/047-landing-page-weight.md).
 */
const SUBSETS = [
  {
    url: latinExtUrl,
    unicodeRange:
      'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
  },
  {
    url: latinUrl,
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
];

/**
 * Adds Inter to the document's fonts once the Latin subset, which every page's text uses, has loaded:
 * the page is then laid out again once, as Inter swaps in. Adding the faces before that cost a second
 * relayout of the whole page for the fallback it already showed
 * (docs/decisions/063-one-render-path-and-hydration.md). Latin Extended loads when text needs it.
 */
export function loadFonts(): void {
  const faces = SUBSETS.map(
    ({ url, unicodeRange }) =>
      new FontFace('Inter Variable', `url(${url}) format('woff2-variations')`, {
        style: 'normal',
        weight: '100 900',
        display: 'swap',
        unicodeRange,
      }),
  );
  const latin = faces.at(-1);
  // Should Latin fail to load, the text stays in its fallback, as before it loaded.
  void latin?.load().then(
    () => faces.forEach((face) => document.fonts.add(face)),
    () => undefined,
  );
}
