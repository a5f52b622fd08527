import { expect, test } from './admin-server';
import { card } from './admin-dialogs';
import { testAddEditDelete, testFailedSave } from './admin-crud';
import type { EntityDescriptor } from './admin-entity';
import { openAdminTab } from './admin-tabs';
import { createExperiment, listExperiments, SEEDED_EXPERIMENTS } from './support';

// Every test here starts on a database as a fresh install has it (admin-server.ts): the five
// seeded experiments.

const PODCAST_NETWORK = 'AI-produced podcasts on niche topics, one a week.';
const PREVIEW = 'Preview of the experiment image';
const SEEDED: readonly string[] = SEEDED_EXPERIMENTS;

const experiments: EntityDescriptor = {
  key: 'experiments',
  title: 'experiments: add with validation, edit, delete, and the AI Arena follows',
  name: 'Experiment',
  fields: { Title: 'text', Description: 'text', Status: 'select', Projects: 'text', 'Image URL': 'text' },
  columns: ['Title', 'Status', 'State', 'Projects', 'Actions'],
  rowsWithRecord: '6 rows',
  records: async (api) =>
    (await listExperiments(api)).filter((experiment) => !SEEDED.includes(experiment.title)),
  async expectInitialTable(tab) {
    await expect(tab.rowCount).toHaveText('5 rows');
    await expect(tab.rows.locator('td:nth-child(1)')).toHaveText([...SEEDED_EXPERIMENTS]);
    await expect(tab.row('Solo App Builds').getByRole('cell')).toHaveText([
      'Solo App Builds',
      'Active',
      'Running',
      '12',
      '',
    ]);
  },
  add: {
    options: { Status: ['Active', 'Popular', 'Flagship'] },
    defaults: { Status: 'Active', Projects: '1', 'Image URL': '/images/experiments/placeholder.svg' },
    async prepare(dialog) {
      await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription(/green/);
      await expect(dialog.getByRole('img', { name: PREVIEW })).toBeVisible();
    },
    invalid: [
      {
        fill: { Title: 'X', Description: 'Too short', 'Image URL': 'https://' },
        shown: [
          'Title must be at least 2 characters.',
          'Description must be at least 10 characters.',
          'Please enter a valid URL for the image.',
        ],
      },
    ],
    fill: {
      Title: 'Podcast Network',
      Description: PODCAST_NETWORK,
      Status: 'Flagship',
      Projects: '3',
      'Image URL': '/images/experiments/rewriting-history.svg',
    },
    async afterFill(dialog) {
      await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription(/pink/);
      const preview = dialog.getByRole('img', { name: PREVIEW });
      await expect(preview).toHaveAttribute('src', '/images/experiments/rewriting-history.svg');
      await expect(preview).toBeVisible();
    },
    record: {
      label: 'Podcast Network',
      rowText: 'Podcast Network',
      cells: ['Podcast Network', 'Flagship', 'Running', '3', ''],
      stored: {
        status: 'Flagship',
        statusColor: 'text-pink-500',
        projectCount: 3,
        imageUrl: '/images/experiments/rewriting-history.svg',
      },
    },
    readBack: {
      Title: 'Podcast Network',
      Description: PODCAST_NETWORK,
      Status: 'Flagship',
      Projects: '3',
      'Image URL': '/images/experiments/rewriting-history.svg',
    },
  },
  // The status recolours the badge.
  edit: {
    async prepare(dialog) {
      await expect(dialog.getByRole('img', { name: PREVIEW })).toBeVisible();
    },
    invalid: { fill: { Description: 'Short' }, shown: ['Description must be at least 10 characters.'] },
    fill: {
      Title: 'Podcast Studio',
      Description: 'One AI-produced podcast, done well.',
      Status: 'Popular',
      Projects: '1',
    },
    async afterFill(dialog) {
      await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription(/blue/);
    },
    record: {
      label: 'Podcast Studio',
      rowText: 'Podcast Studio',
      cells: ['Podcast Studio', 'Popular', 'Running', '1', ''],
      stored: { status: 'Popular', statusColor: 'text-blue-500', projectCount: 1 },
    },
    readBack: { Title: 'Podcast Studio', Status: 'Popular', Projects: '1' },
  },
  async expectOnSite(page, step) {
    if (step === 'added') {
      const arenaCard = card(page, 'AI Arena', 'Podcast Network');
      await expect(arenaCard).toBeVisible();
      for (const text of ['Flagship', '3 projects', PODCAST_NETWORK])
        await expect(arenaCard.getByText(text, { exact: true })).toBeVisible();
    } else if (step === 'edited') {
      const arenaCard = card(page, 'AI Arena', 'Podcast Studio');
      await expect(arenaCard).toBeVisible();
      await expect(arenaCard.getByText('Popular', { exact: true })).toBeVisible();
      await expect(arenaCard.getByText('1 project', { exact: true })).toBeVisible();
      await expect(card(page, 'AI Arena', 'Podcast Network')).toHaveCount(0);
    } else {
      // The seeded five stay.
      await expect(card(page, 'AI Arena', 'Podcast Studio')).toHaveCount(0);
      for (const seeded of SEEDED_EXPERIMENTS) await expect(card(page, 'AI Arena', seeded)).toBeVisible();
    }
  },
};

test.describe('admin panel', () => {
  testAddEditDelete(experiments);
  testFailedSave(experiments, { Title: 'Will not be saved', Description: 'The server refuses this one.' });

  test('paging by creation time shows each experiment once', async ({ adminPage: page, api }) => {
    // Experiments sort by when they were created, oldest first: the seeded five, then these.
    const added = Array.from(
      { length: 25 },
      (_, index) => `Experiment ${String(index + 1).padStart(2, '0')}`,
    );
    for (const title of added) {
      await createExperiment(api, {
        title,
        description: 'One of many experiments.',
        status: 'Active',
        projectCount: 1,
      });
    }
    const experiments = await openAdminTab(page, 'experiments');
    const titles = experiments.rows.locator('td:nth-child(1)');
    await expect(experiments.rowCount).toHaveText('30 rows');
    await expect(experiments.pageOf).toHaveText('Page 1 of 2');
    await expect(titles).toHaveText([...SEEDED_EXPERIMENTS, ...added.slice(0, 20)]);

    await experiments.next.click();
    await expect(experiments.pageOf).toHaveText('Page 2 of 2');
    await expect(titles).toHaveText(added.slice(20));
    await expect(experiments.next).toBeDisabled();
  });
});
