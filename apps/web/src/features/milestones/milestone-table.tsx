import type { AdminMilestone as Milestone, MilestonePageRequest } from '@journey/contracts';
import { MILESTONE_PAGE_DEFAULTS, MILESTONE_TYPE_LABELS } from '@journey/contracts/constants';
import { Badge, Group } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MILESTONE_TEXT } from '../../lib/theme';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { formatDate } from '../../lib/format';
import { SendAsUpdate } from '../newsletter/send-as-update';
import { CreateMilestoneButton } from './create-milestone-button';
import { UpdateMilestoneDialog } from './update-milestone-dialog';
import { useDeleteMilestone, useMilestonePage } from './use-milestones';

const COLUMNS: Column<Milestone, MilestonePageRequest['sort']>[] = [
  { label: 'Day', sort: 'day', align: 'right', render: (m) => m.day },
  {
    label: 'Title',
    sort: 'title',
    render: (m) =>
      m.mailedAt ? (
        <Group gap={6} wrap="nowrap">
          {m.title}
          {/* Mailed when published (docs/decisions/097-automatic-mail.md). */}
          <IconMail size={16} role="img" aria-label="Mailed to subscribers" style={{ flexShrink: 0 }} />
        </Group>
      ) : (
        m.title
      ),
  },
  { label: 'Date', sort: 'date', render: (m) => formatDate(m.date) },
  {
    label: 'Type',
    sort: 'isRevenue',
    render: (m) => (
      // A light tint from the base colour, the text in the scheme's milestone shade: AA on the tint.
      <Badge
        variant="light"
        color={m.isRevenue ? 'green' : 'blue'}
        c={m.isRevenue ? MILESTONE_TEXT.revenue : MILESTONE_TEXT.achievement}
      >
        {MILESTONE_TYPE_LABELS[m.isRevenue]}
      </Badge>
    ),
  },
];

const rowLabel = (m: Milestone) => `${m.title} (day ${m.day})`;

export function MilestoneTable() {
  return (
    <EntityTable
      caption="Milestones"
      noun="milestone"
      columns={COLUMNS}
      defaultSort={MILESTONE_PAGE_DEFAULTS}
      usePage={useMilestonePage}
      useDelete={useDeleteMilestone}
      rowLabel={rowLabel}
      emptyText="No milestones yet. Add the first one."
      toolbar={<CreateMilestoneButton />}
      rowActions={(m) => <SendAsUpdate milestone={m} label={rowLabel(m)} />}
      UpdateDialog={UpdateMilestoneDialog}
    />
  );
}
