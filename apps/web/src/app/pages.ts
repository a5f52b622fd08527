import { lazy } from 'react';
import { matchPath } from 'react-router-dom';
import { paths } from './paths';

const loadAuthPage = () => import('../features/auth/auth-page');
const loadAdminPage = () => import('../features/admin/admin-page');
const loadMilestonePage = () => import('../features/milestone-pages/milestone-page');

export const AuthPage = lazy(loadAuthPage);
export const AdminPage = lazy(loadAdminPage);
export const MilestonePage = lazy(loadMilestonePage);

/**
 * The pages loaded on demand, with their source files as Vite's build manifest names them. When the
 * server renders one of them, it links the page's CSS and scripts in the HTML (entry-server.tsx), and
 * the browser loads the page before hydrating (entry-client.tsx): the HTML is styled from the first
 * paint and hydrates in one pass. The landing page is none of them: it is part of the entry chunk.
 */
const codeSplitPages: { path: string; source: string; load: () => Promise<unknown> }[] = [
  { path: paths.auth, source: 'src/features/auth/auth-page.tsx', load: loadAuthPage },
  { path: paths.admin, source: 'src/features/admin/admin-page.tsx', load: loadAdminPage },
  {
    path: paths.milestone,
    source: 'src/features/milestone-pages/milestone-page.tsx',
    load: loadMilestonePage,
  },
];

/** The code-split page rendered at `pathname` (matched as the router matches its routes), if there is one. */
export function codeSplitPage(pathname: string) {
  return codeSplitPages.find((page) => matchPath(page.path, pathname));
}
