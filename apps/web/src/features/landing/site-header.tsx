import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { PageLink } from '../../components/page-link';
import { paths } from '../../lib/paths';
import { Brand, brandLinkClass } from '../../components/brand';
import { ColorSchemeToggle } from '../color-scheme/color-scheme-toggle';
import { useNeededOnce } from '../../hooks/on-demand';
import { NAV_LINKS } from './nav-links';
import classes from './site-header.module.css';

const MobileMenu = lazy(() => import('./mobile-menu'));

/**
 * Sticky navigation; on small screens a full-screen menu that traps focus and closes on Escape.
 * On the landing page the links scroll to its sections; elsewhere (`onLanding={false}`) they load
 * the landing page at them.
 */
export function SiteHeader({ onLanding = true }: { onLanding?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const base = onLanding ? '' : paths.home;
  const menuOpenedOnce = useNeededOnce(opened);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group justify="space-between" h="100%" wrap="nowrap">
          <a href={onLanding ? '#top' : paths.home} className={`${brandLinkClass} ${classes.brand}`}>
            <Brand />
          </a>
          <Group gap={4} wrap="nowrap">
            <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
              {NAV_LINKS.map((link) => (
                <a key={link.href} href={base + link.href} className={classes.link}>
                  {link.label}
                </a>
              ))}
              <PageLink href={paths.auth} className={classes.link}>
                Admin
              </PageLink>
              <Button
                component="a"
                href={`${base}#contact`}
                ml="sm"
                mr="xs"
                radius="xl"
                color="violet.4"
                c="dark.9"
              >
                Connect
              </Button>
            </Group>
            <ColorSchemeToggle color="gray.0" c="white" />
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
        </Group>
      </Container>

      {menuOpenedOnce && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} onLanding={onLanding} />
        </Suspense>
      )}
    </Box>
  );
}
