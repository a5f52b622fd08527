import type { ReactNode } from 'react';
import { SiteFooter } from '../features/landing/site-footer';
import { SiteHeader } from '../features/landing/site-header';
import classes from './page-frame.module.css';

/** A page of the public site other than the landing page: the header, a skip link, `main`, the footer. */
export function PageFrame(props: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader onLanding={false} />
      <main id="main" className={classes.main}>
        {props.children}
      </main>
      <SiteFooter />
    </div>
  );
}
