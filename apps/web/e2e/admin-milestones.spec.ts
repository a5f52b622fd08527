import { expect, test } from './admin-server';
import { card } from './admin-dialogs';
import { testAddEditDelete, testFailedSave } from './admin-crud';
import type { EntityDescriptor } from './admin-entity';
import { listMilestones, section } from './support';

// Every test here starts on a database as a fresh install has it (admin-server.ts): no milestones.

const TITLE_TOO_SHORT = 'Title must be at least 2 characters.';
const DESCRIPTION_TOO_SHORT = 'Description must be at least 10 characters.';
const DAY_REQUIRED = 'Day count is required.';

const milestones: EntityDescriptor = {
  key: 'milestones',
  title: 'milestones: add with validation, edit, delete, and the timeline follows',
  name: 'Milestone',
  fields: { Title: 'text', Description: 'text', Date: 'date', Day: 'text', Type: 'radio' },
  columns: ['Day', 'Title', 'Date', 'Type', 'Actions'],
  rowsWithRecord: '1 row',
  records: listMilestones,
  async expectInitialTable(tab) {
    await expect(tab.rowCount).toHaveText('0 rows');
    await expect(tab.panel.getByText('No milestones yet. Add the first one.', { exact: true })).toBeVisible();
  },
  add: {
    // The first milestone is day 1; emptied, the day is required.
    defaults: { Type: 'Milestone', Day: '1' },
    async prepare(dialog) {
      await expect(dialog.getByRole('textbox', { name: 'Revenue Amount' })).toHaveCount(0);
      await dialog.getByRole('textbox', { name: 'Day' }).clear();
    },
    invalid: [
      { fill: {}, shown: [TITLE_TOO_SHORT, DESCRIPTION_TOO_SHORT, DAY_REQUIRED] },
      {
        fill: { Title: 'A', Description: 'Too short', Day: '41' },
        shown: [TITLE_TOO_SHORT, DESCRIPTION_TOO_SHORT],
        hidden: [DAY_REQUIRED],
      },
    ],
    // The type shows the amount only for revenue.
    async beforeFill(dialog) {
      const type = dialog.getByRole('radiogroup', { name: 'Type' });
      const amount = dialog.getByRole('textbox', { name: 'Revenue Amount' });
      await type.getByText('Revenue', { exact: true }).click();
      await expect(type.getByRole('radio', { name: 'Revenue' })).toBeChecked();
      await expect(amount).toBeVisible();
      await type.getByText('Milestone', { exact: true }).click();
      await expect(amount).toHaveCount(0);
    },
    fill: {
      Type: 'Revenue',
      Title: 'First paying customer',
      Description: 'Someone paid for the first app.',
      Date: '2024-02-10',
      Day: '41',
      'Revenue Amount': '500',
    },
    record: {
      label: 'First paying customer (day 41)',
      rowText: 'First paying customer',
      cells: ['41', 'First paying customer', 'Feb 10, 2024', 'Revenue', ''],
      stored: { title: 'First paying customer', day: 41, isRevenue: 1, amount: '500.00' },
    },
    readBack: {
      Title: 'First paying customer',
      Description: 'Someone paid for the first app.',
      Date: '2024-02-10',
      Day: '41',
      Type: 'Revenue',
      'Revenue Amount': '500.00',
    },
  },
  // Turning it into an achievement drops the amount.
  edit: {
    invalid: { fill: { Title: 'X' }, shown: [TITLE_TOO_SHORT] },
    fill: { Title: 'Launched the first app', Day: '45', Type: 'Milestone' },
    async afterFill(dialog) {
      await expect(dialog.getByRole('textbox', { name: 'Revenue Amount' })).toHaveCount(0);
    },
    record: {
      label: 'Launched the first app (day 45)',
      rowText: 'Launched the first app',
      cells: ['45', 'Launched the first app', 'Feb 10, 2024', 'Milestone', ''],
      stored: { title: 'Launched the first app', day: 45, isRevenue: 0, amount: null },
    },
    readBack: { Title: 'Launched the first app', Day: '45', Type: 'Milestone' },
  },
  async expectOnSite(page, step) {
    const timeline = section(page, 'Journey Milestones');
    if (step === 'added') {
      const onTimeline = card(page, 'Journey Milestones', 'First paying customer');
      await expect(onTimeline).toBeVisible();
      for (const text of ['Day 41', '$500.00', 'Someone paid for the first app.', 'Feb 10, 2024'])
        await expect(onTimeline.getByText(text, { exact: true })).toBeVisible();
    } else if (step === 'edited') {
      const onTimeline = card(page, 'Journey Milestones', 'Launched the first app');
      await expect(onTimeline).toBeVisible();
      await expect(onTimeline.getByText('Day 45', { exact: true })).toBeVisible();
      await expect(onTimeline.getByText(/^\$/)).toHaveCount(0);
      await expect(card(page, 'Journey Milestones', 'First paying customer')).toHaveCount(0);
    } else {
      await expect(timeline.getByRole('heading', { level: 3, name: 'No milestones yet' })).toBeVisible();
      await expect(timeline.getByRole('article')).toHaveCount(0);
    }
  },
};

test.describe('admin panel', () => {
  testAddEditDelete(milestones);
  testFailedSave(milestones, {
    Title: 'Will not be saved',
    Description: 'The server refuses this one.',
    Day: '3',
  });
});
