import { Container, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteFooter } from '../landing/site-footer';
import classes from './site-page.module.css';

/**
 * A page of the site beside the landing page: the skip link, the page's header, its content in <main>
 * (the skip link's target, a container of `size` with `py` around it) and the site's footer.
 */
export function SitePage(props: {
  header: ReactNode;
  size: ContainerProps['size'];
  py: ContainerProps['py'];
  children: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {props.header}
      <Container size={props.size} py={props.py} component="main" id="main" className={classes.main}>
        {props.children}
      </Container>
      <SiteFooter />
    </div>
  );
}
