import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

/** A link to another page of the site: `href` is a path of the app (paths.ts). */
export type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * The landing page hydrates without the router (docs/decisions/047-landing-page-weight.md): there a page
 * link loads the page as a document; inside the app (app.tsx) the router's link takes its place.
 */
const PageLinkContext = createContext<(props: PageLinkProps) => ReactNode>((props) => <a {...props} />);

export const PageLinkProvider = PageLinkContext.Provider;

export function PageLink(props: PageLinkProps) {
  return useContext(PageLinkContext)(props);
}
