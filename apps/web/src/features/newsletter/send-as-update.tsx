import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { milestoneUpdateHref } from './compose-params';

/**
 * A milestone's row action: the Newsletter tab with a new draft made of the milestone, to tell the
 * subscribers (docs/decisions/041-newsletter-tab.md). Nothing is saved or sent until the admin says so.
 */
export function SendAsUpdate(props: {
  milestone: { id: number; title: string; description: string };
  /** How the row is named to screen readers: "Send milestone <label> as update". */
  label: string;
}) {
  return (
    <Tooltip label="Send as update">
      <ActionIcon
        component={Link}
        to={milestoneUpdateHref(props.milestone)}
        variant="subtle"
        aria-label={`Send milestone ${props.label} as update`}
      >
        <IconSpeakerphone size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
