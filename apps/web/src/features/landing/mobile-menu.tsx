import '../../mantine-styles/on-demand';
import { Button, Drawer, Stack } from '@mantine/core';
import { useRef } from 'react';
import { PageLink } from '../../components/page-link';
import { paths } from '../../lib/paths';
import { useOpenedAfterMount } from '../../hooks/on-demand';
import { scrollBehavior } from '../../lib/scroll';
import { NAV_LINKS } from './nav-links';
import headerClasses from './site-header.module.css';
import classes from './mobile-menu.module.css';

/**
 * The small screens' full-screen menu (loaded on first open): it traps focus and closes on Escape.
 * Off the landing page its section links are ordinary links to the landing page's sections.
 */
export default function MobileMenu(props: { opened: boolean; onClose: () => void; onLanding: boolean }) {
  const { onClose, onLanding } = props;
  const base = onLanding ? '' : paths.home;
  // The page is scroll-locked while the menu is open: scroll to the chosen section once it has closed.
  const pendingTarget = useRef<string | null>(null);

  const followMenuLink = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!onLanding) {
      onClose();
      return;
    }
    event.preventDefault();
    pendingTarget.current = event.currentTarget.getAttribute('href');
    onClose();
  };

  return (
    <Drawer
      id="mobile-menu"
      opened={useOpenedAfterMount(props.opened)}
      onClose={onClose}
      onExitTransitionEnd={() => {
        const target = pendingTarget.current;
        pendingTarget.current = null;
        if (!target) return;
        document.querySelector(target)?.scrollIntoView({ behavior: scrollBehavior() });
        history.replaceState(null, '', target);
      }}
      size="100%"
      position="right"
      title={<span className={headerClasses.brand}>Menu</span>}
      closeButtonProps={{ 'aria-label': 'Close menu', c: 'white', size: 'lg' }}
      classNames={{
        content: classes.drawerContent,
        header: classes.drawerHeader,
        title: classes.drawerTitle,
      }}
      hiddenFrom="md"
    >
      <Stack component="nav" aria-label="Main" gap={0} mt="lg">
        {NAV_LINKS.map((link) => (
          <a key={link.href} href={base + link.href} className={classes.mobileLink} onClick={followMenuLink}>
            {link.label}
          </a>
        ))}
        <PageLink href={paths.auth} className={classes.mobileLink} onClick={onClose}>
          Admin
        </PageLink>
        <Button
          component="a"
          href={`${base}#contact`}
          onClick={followMenuLink}
          size="lg"
          radius="xl"
          mt="xl"
          color="violet.4"
          c="dark.9"
        >
          Connect
        </Button>
      </Stack>
    </Drawer>
  );
}
