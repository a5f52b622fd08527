import { ActionIcon, Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconBrandGithub, IconBrandLinkedin, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { useSite } from '../../app/site-context';
import { LogoMark } from '../../components/logo-mark';
import { PlaceholderLink } from '../../components/placeholder-link';

const SOCIAL = [
  { icon: IconBrandX, label: 'Twitter' },
  { icon: IconBrandGithub, label: 'GitHub' },
  { icon: IconBrandLinkedin, label: 'LinkedIn' },
  { icon: IconBrandYoutube, label: 'YouTube' },
];

const LEGAL = ['Privacy Policy', 'Terms of Service', 'Cookie Settings'];

export function SiteFooter() {
  const { productName } = useSite();
  return (
    <Box component="footer" bg="#070a18" c="white" py={48}>
      <Container size="lg">
        <Stack gap="xl">
          <Group justify="space-between" align="flex-start" gap="xl">
            <Stack gap={6} maw={360}>
              <Group gap={10}>
                <LogoMark />
                <Text fw={800}>Solo {productName}</Text>
              </Group>
              <Text size="sm" c="gray.4">
                One founder, a fleet of AI models, and a public scoreboard on the way to $1,000,000,000.
              </Text>
            </Stack>
            <Group
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label="Social media"
            >
              {SOCIAL.map((item) => (
                <li key={item.label}>
                  <ActionIcon
                    component="a"
                    href="#"
                    onClick={(event: React.MouseEvent) => event.preventDefault()}
                    aria-label={`${item.label} (coming soon)`}
                    variant="subtle"
                    color="gray.3"
                    size="lg"
                  >
                    <item.icon size={22} aria-hidden />
                  </ActionIcon>
                </li>
              ))}
            </Group>
          </Group>
          <Group
            justify="space-between"
            gap="md"
            pt="lg"
            style={{ borderTop: '1px solid rgba(255,255,255,0.1)' }}
          >
            <Text size="sm" c="gray.4">
              © {new Date().getUTCFullYear()} Solo {productName}. Built in public.
            </Text>
            <Group gap="lg" component="nav" aria-label="Legal">
              {LEGAL.map((label) => (
                <PlaceholderLink key={label} size="sm" c="gray.3">
                  {label}
                </PlaceholderLink>
              ))}
            </Group>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
