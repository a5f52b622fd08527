import { useEffect } from 'react';

/** The attribute set on <html> once the page has hydrated (or rendered, without server HTML). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks the document as interactive: its effect runs once React has hydrated the page around it
 * (it sits inside the pages' Suspense boundary, so a page still loading does not count). The
 * browser tests wait for it, e.g. before measuring what the landing page loaded.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return null;
}
