import '../../mantine-styles/auth';
import { Group, List, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { Brand, brandLinkClass } from '../../components/brand';
import { ColorSchemeToggle } from '../color-scheme/color-scheme-toggle';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { useCurrentUser } from './use-current-user';
import classes from './auth-page.module.css';

/** /auth: marketing panel and the 'Admin Access' card; a signed-in user goes to /admin. */
export default function AuthPage() {
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to={paths.admin} replace />;

  return (
    <div className={classes.page}>
      <aside className={classes.marketing} aria-label="About the admin panel">
        <Group justify="space-between" wrap="nowrap">
          <Link to={paths.home} className={brandLinkClass}>
            <Brand />
          </Link>
          <ColorSchemeToggle color="gray.0" c="white" />
        </Group>
        <Stack gap="lg" maw={520}>
          <Title order={2} c="white" fz={{ base: 28, sm: 40 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
            The control room of a one-person venture studio.
          </Title>
          <Text c="gray.3" size="lg" visibleFrom="md">
            Log revenue the moment it lands, mark the milestones that matter and run the experiments of the AI
            Arena, all from one panel, all published to the public tracker.
          </Text>
          <List
            visibleFrom="md"
            spacing="sm"
            c="gray.2"
            icon={
              <ThemeIcon size={22} radius="xl" color="violet.4" c="dark.9">
                <IconCheck size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            <List.Item>Revenue entries with exact, public totals</List.Item>
            <List.Item>A milestone timeline counted in days</List.Item>
            <List.Item>Experiments with status, projects and images</List.Item>
          </List>
        </Stack>
        <Text size="sm" c="gray.4" visibleFrom="md">
          Back to the{' '}
          <Link to={paths.home} style={{ color: 'inherit' }}>
            public journey
          </Link>
        </Text>
      </aside>
      <main className={classes.formSide}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Title order={1} fz={28} mb={4}>
            Admin Access
          </Title>
          <Text c="dimmed" mb="lg">
            Sign in to manage the journey.
          </Text>
          <Tabs defaultValue="login" keepMounted={false}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </main>
    </div>
  );
}
