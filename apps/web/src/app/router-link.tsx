import { Link } from 'react-router-dom';
import type { PageLinkProps } from '../components/page-link';

/**
 * PageLink inside the app: navigates in the browser. `discover="none"` keeps the markup a plain
 * <a href>, the same the landing page's router-less hydration renders.
 */
export const routerLink = ({ href, ...props }: PageLinkProps) => (
  <Link to={href} discover="none" {...props} />
);
