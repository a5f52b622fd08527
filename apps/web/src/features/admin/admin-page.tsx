import '../../mantine-styles/admin';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  ScrollArea,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-context';
import { LogoMark } from '../../components/logo-mark';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverMessage } from '../../lib/trpc';
import { ActivityTab } from '../audit/activity-tab';
import { AccountTab } from '../auth/account-tab';
import { ChangePasswordDialog } from '../auth/change-password-dialog';
import { ColorSchemeToggle } from '../color-scheme/color-scheme-toggle';
import { useLogout } from '../auth/use-auth';
import { useCurrentUser } from '../auth/use-current-user';
import { ConnectionsTab } from '../connections/connections-tab';
import { CostTable } from '../costs/cost-table';
import { EmbedSection } from '../embed/embed-section';
import { ExperimentTable } from '../experiments/experiment-table';
import { MilestoneTable } from '../milestones/milestone-table';
import { NewsletterTab } from '../newsletter/newsletter-tab';
import { RevenueTable } from '../revenue/revenue-table';
import { SiteTab } from '../settings/site-tab';
import { SubscriberTable } from '../subscribers/subscriber-table';
import { WebhooksTab } from '../webhooks/webhooks-tab';
import classes from './admin-page.module.css';
import { SetupChecklist } from './setup-checklist';

const TABS = [
  { value: 'milestones', label: 'Milestones', panel: MilestoneTable },
  { value: 'revenue', label: 'Revenue', panel: RevenueTable },
  { value: 'costs', label: 'Costs', panel: CostTable },
  { value: 'connections', label: 'Connections', panel: ConnectionsTab },
  { value: 'webhooks', label: 'Webhooks', panel: WebhooksTab },
  { value: 'experiments', label: 'Experiments', panel: ExperimentTable },
  { value: 'subscribers', label: 'Subscribers', panel: SubscriberTable },
  { value: 'newsletter', label: 'Newsletter', panel: NewsletterTab },
  { value: 'embed', label: 'Embed', panel: EmbedSection },
  { value: 'site', label: 'Site', panel: SiteTab },
  { value: 'account', label: 'Account', panel: AccountTab },
  { value: 'activity', label: 'Activity', panel: ActivityTab },
] as const;

type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/** /admin: reached only through the guard. The active tab lives in the URL (?tab=revenue). */
export default function AdminPage() {
  const site = useSite();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabValue = isTab(tabParam) ? tabParam : 'milestones';
  const tabRow = useSelectedTabInSight(tab);

  const signOut = async () => {
    try {
      await logout.mutateAsync();
      notifySuccess('Logged out', 'You have been logged out successfully');
    } catch (error) {
      notifyError('Logout failed', serverMessage(error) ?? 'Please try again.');
    }
  };

  return (
    <Box bg="var(--journey-surface-muted)" mih="100vh">
      <Box component="header" bg="#070a18" c="white" py="md">
        <Container size="xl">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Anchor component={Link} to={paths.home} c="white" aria-label={`${site.siteName} home`}>
                <LogoMark />
              </Anchor>
              <Box miw={0}>
                <Title order={1} fz={{ base: 17, sm: 22 }} c="white" style={{ whiteSpace: 'nowrap' }}>
                  Admin Panel
                </Title>
                {user && (
                  <Text size="sm" c="gray.4" truncate="end">
                    Welcome, {user.username}
                  </Text>
                )}
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Anchor
                component={Link}
                to={paths.home}
                c="gray.2"
                size="sm"
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
              >
                View site
              </Anchor>
              <ColorSchemeToggle color="gray.0" c="white" />
              <ChangePasswordDialog />
              {/* The button's text on wide screens; on phones the row has room for its icon only. */}
              <Button
                variant="white"
                color="dark"
                size="sm"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => void signOut()}
                disabled={logout.isPending}
                visibleFrom="sm"
              >
                Logout
              </Button>
              <ActionIcon
                variant="white"
                color="dark"
                size={36}
                aria-label="Logout"
                onClick={() => void signOut()}
                disabled={logout.isPending}
                hiddenFrom="sm"
              >
                <IconLogout size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="xl" component="main">
        <SetupChecklist />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <div>
              <Title order={2} fz={24}>
                Data Management
              </Title>
              <Text c="dimmed" size="sm">
                Everything here is published to the public site as soon as it is saved.
              </Text>
            </div>
            <Tabs
              value={tab}
              onChange={(value) => value && setParams({ tab: value }, { replace: true })}
              keepMounted={false}
              classNames={{ list: classes.tabList, tab: classes.tab }}
            >
              {/* A phone shows no scrollbar of its own: this one stays, so the row shows that it scrolls. */}
              <ScrollArea
                type="auto"
                scrollbars="x"
                scrollbarSize={6}
                offsetScrollbars="x"
                viewportRef={tabRow}
                classNames={{ viewport: classes.tabRow }}
              >
                <Tabs.List>
                  {TABS.map((item) => (
                    <Tabs.Tab key={item.value} value={item.value}>
                      {item.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </ScrollArea>
              {TABS.map((item) => (
                <Tabs.Panel key={item.value} value={item.value} pt="lg">
                  <item.panel />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

/**
 * The tabs stay on one row that scrolls sideways on narrow screens: keep the selected one in sight
 * (opened from a link such as ?tab=embed, it may start past the edge). Only the row scrolls, never the page.
 */
const TAB_ROOM = 16;

function useSelectedTabInSight(tab: TabValue) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = list.current;
    const selected = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !selected) return;
    const rowBox = row.getBoundingClientRect();
    const box = selected.getBoundingClientRect();
    // A little room beyond the tab shows there is more in that direction; whole pixels, never a sliver.
    if (box.left < rowBox.left) row.scrollLeft -= Math.ceil(rowBox.left - box.left + TAB_ROOM);
    else if (box.right > rowBox.right) row.scrollLeft += Math.ceil(box.right - rowBox.right + TAB_ROOM);
  }, [tab]);
  return list;
}
