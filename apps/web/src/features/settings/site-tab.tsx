import { LEGAL_PAGES } from '@journey/contracts/constants';
import { Alert, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { paths } from '../../lib/paths';
import { SiteSettingsForm } from './site-settings-form';
import { useSettings } from './use-settings';

const PUBLIC_PAGES = [
  { label: 'Landing page', path: paths.home },
  ...LEGAL_PAGES.map((page) => ({ label: page.title, path: page.path })),
];

/** The admin's 'Site' tab: the settings that make up every public page, and a way to look at them. */
export function SiteTab() {
  const settings = useSettings();
  return (
    <Stack gap="lg">
      <Group gap="md" component="nav" aria-label="View the public pages">
        <Text size="sm" fw={600}>
          View:
        </Text>
        {PUBLIC_PAGES.map((page) => (
          <Anchor key={page.path} href={page.path} target="_blank" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {page.label}
              <IconExternalLink size={14} aria-hidden />
              <span className="visually-hidden">(opens in a new tab)</span>
            </Group>
          </Anchor>
        ))}
      </Group>
      {settings.data ? (
        <SiteSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert">
          The settings could not be loaded. Reload the page to try again.
        </Alert>
      ) : (
        <Skeleton height={400} radius="md" aria-label="Loading the settings" />
      )}
    </Stack>
  );
}
