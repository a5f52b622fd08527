import { SETUP_STEPS } from '@journey/contracts/constants';
import { Anchor, CloseButton, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** Where a step is done: its tab, and the field the Site tab then focuses (site-settings-form.tsx). */
const placeOf = (step: (typeof SETUP_STEPS)[number]) =>
  step.field ? `?tab=${step.tab}&field=${step.field}` : `?tab=${step.tab}`;

/**
 * The admin's first steps (docs/decisions/060-admin-onboarding-and-honest-dates.md): each ticks itself
 * once the server's data shows it done; the card goes once all are, or once dismissed.
 */
export function SetupChecklist() {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterWrite('settings');
  const { data } = trpc.settings.setup.useQuery();
  const dismiss = trpc.settings.dismissSetup.useMutation({
    onSuccess: (checklist) => {
      utils.settings.setup.setData(undefined, checklist);
      return refresh();
    },
  });
  if (!data || data.dismissed || data.steps.every((step) => step.done)) return null;
  const done = new Set(data.steps.filter((step) => step.done).map((step) => step.key));
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      mb="xl"
      component="section"
      aria-labelledby="setup-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} fz={20} id="setup-title">
              Get started
            </Title>
            <Text c="dimmed" size="sm">
              {done.size} of {SETUP_STEPS.length} done. Each step ticks itself once the site has it.
            </Text>
          </div>
          <CloseButton
            aria-label="Dismiss the setup checklist"
            onClick={() => dismiss.mutate()}
            disabled={dismiss.isPending}
          />
        </Group>
        <List spacing="xs" listStyleType="none" center>
          {SETUP_STEPS.map((step) => {
            const isDone = done.has(step.key);
            return (
              <List.Item
                key={step.key}
                icon={
                  <ThemeIcon
                    size={22}
                    radius="xl"
                    variant="transparent"
                    color={isDone ? 'green.9' : 'gray.7'}
                  >
                    {isDone ? (
                      <IconCircleCheckFilled size={22} aria-hidden />
                    ) : (
                      <IconCircle size={22} aria-hidden />
                    )}
                  </ThemeIcon>
                }
              >
                <Anchor component={Link} to={placeOf(step)} td={isDone ? 'line-through' : undefined}>
                  {step.label}
                </Anchor>
                <span className="visually-hidden">{isDone ? ' (done)' : ' (to do)'}</span>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
