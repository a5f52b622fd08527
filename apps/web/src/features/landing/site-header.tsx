import { Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSite } from '../../app/site-context';
import { LogoMark } from '../../components/logo-mark';
import { scrollBehavior } from '../../lib/scroll';
import { NAV_LINKS } from './nav-links';
import classes from './site-header.module.css';

/** Sticky navigation; on small screens a full-screen menu that traps focus and closes on Escape. */
export function SiteHeader() {
  const { productName } = useSite();
  const [opened, { open, close }] = useDisclosure(false);
  // The page is scroll-locked while the menu is open: scroll to the chosen section once it has closed.
  const pendingTarget = useRef<string | null>(null);

  const followMenuLink = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    pendingTarget.current = event.currentTarget.getAttribute('href');
    close();
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group justify="space-between" h="100%" wrap="nowrap">
          <a href="#top" className={classes.brand}>
            <LogoMark />
            <span>Solo {productName}</span>
          </a>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            {NAV_LINKS.map((link) => (
              <a key={link.href} href={link.href} className={classes.link}>
                {link.label}
              </a>
            ))}
            <Link to={paths.auth} className={classes.link}>
              Admin
            </Link>
            <Button component="a" href="#contact" ml="sm" radius="xl" color="violet.4" c="dark.9">
              Connect
            </Button>
          </Group>
          <Burger
            hiddenFrom="md"
            opened={opened}
            onClick={open}
            color="white"
            aria-label="Open menu"
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      <Drawer
        id="mobile-menu"
        opened={opened}
        onClose={close}
        onExitTransitionEnd={() => {
          const target = pendingTarget.current;
          pendingTarget.current = null;
          if (!target) return;
          document.querySelector(target)?.scrollIntoView({ behavior: scrollBehavior() });
          history.replaceState(null, '', target);
        }}
        size="100%"
        position="right"
        title={<span className={classes.brand}>Menu</span>}
        closeButtonProps={{ 'aria-label': 'Close menu', c: 'white', size: 'lg' }}
        classNames={{ content: classes.drawerContent, header: classes.drawerHeader }}
        hiddenFrom="md"
      >
        <Stack component="nav" aria-label="Main" gap={0} mt="lg">
          {NAV_LINKS.map((link) => (
            <a key={link.href} href={link.href} className={classes.mobileLink} onClick={followMenuLink}>
              {link.label}
            </a>
          ))}
          <Link to={paths.auth} className={classes.mobileLink} onClick={close}>
            Admin
          </Link>
          <Button
            component="a"
            href="#contact"
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
    </Box>
  );
}
