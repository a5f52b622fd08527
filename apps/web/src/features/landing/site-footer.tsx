import {
  ARCHIVE_PATHS,
  BADGE_PATH,
  FEED_PATHS,
  LEGAL_PAGES,
  OPEN_DATA_PATHS,
} from '@journey/contracts/constants';
import { ActionIcon, Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { PageLink } from '../../components/page-link';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-context';
import { LogoMark } from '../../components/logo-mark';
import { socialLinksOf } from '../site/social-links';

/** What the server publishes for readers and other sites: plain links, so any visitor can find them. */
const REUSE = [
  { label: 'RSS feed', href: FEED_PATHS.rss },
  { label: 'Atom feed', href: FEED_PATHS.atom },
  { label: 'Newsletter archive', href: ARCHIVE_PATHS.list, page: true },
  { label: 'Newsletter feed', href: ARCHIVE_PATHS.feed },
  { label: 'Progress badge', href: BADGE_PATH },
  { label: 'Open data (JSON)', href: OPEN_DATA_PATHS.summary },
  { label: 'Open data (CSV)', href: OPEN_DATA_PATHS.revenueCsv },
  { label: 'Public ledger', href: paths.ledger, page: true },
  { label: 'Ledger (JSON)', href: OPEN_DATA_PATHS.ledger },
  { label: 'Ledger (CSV)', href: OPEN_DATA_PATHS.ledgerCsv },
];

export function SiteFooter() {
  const site = useSite();
  const social = socialLinksOf(site);
  return (
    <Box component="footer" bg="#070a18" c="white" py={48}>
      <Container size="lg">
        <Stack gap="xl">
          <Group justify="space-between" align="flex-start" gap="xl">
            <Stack gap={6} maw={360}>
              <Group gap={10}>
                <LogoMark />
                <Text fw={800}>{site.siteName}</Text>
              </Group>
              <Text size="sm" c="gray.4">
                One founder, a fleet of AI models, and a public scoreboard on the way to $1,000,000,000.
              </Text>
            </Stack>
            {social.length > 0 && (
              <Group
                gap="xs"
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
                aria-label="Social media"
              >
                {social.map((link) => (
                  <li key={link.key}>
                    <ActionIcon
                      component="a"
                      href={link.href}
                      rel="me"
                      aria-label={link.label}
                      variant="subtle"
                      color="gray.3"
                      size="lg"
                    >
                      <link.icon size={22} aria-hidden />
                    </ActionIcon>
                  </li>
                ))}
              </Group>
            )}
          </Group>
          <Group component="nav" aria-label="Follow and reuse" gap="md">
            <Text size="sm" fw={700} c="gray.4" w={{ base: '100%', sm: 'auto' }}>
              Follow and reuse:
            </Text>
            {REUSE.map((item) =>
              'page' in item ? (
                <Anchor key={item.href} component={PageLink} href={item.href} size="sm" c="gray.3">
                  {item.label}
                </Anchor>
              ) : (
                <Anchor key={item.href} href={item.href} size="sm" c="gray.3">
                  {item.label}
                </Anchor>
              ),
            )}
          </Group>
          <Group
            justify="space-between"
            gap="md"
            pt="lg"
            style={{ borderTop: '1px solid rgba(255,255,255,0.1)' }}
          >
            <Text size="sm" c="gray.4">
              © {new Date().getUTCFullYear()} {site.siteName}. Built in public.
            </Text>
            <Group gap="lg" component="nav" aria-label="Legal">
              {LEGAL_PAGES.map((page) => (
                <Anchor key={page.key} component={PageLink} href={page.path} size="sm" c="gray.3">
                  {page.label}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
