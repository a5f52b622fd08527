import type { LedgerEntity, PublishedLedgerRow } from '@journey/contracts/constants';
import { describe, expect, it } from 'vitest';
import { describeLedgerRow } from './describe-row';

/** A public row about `entity`: the words depend on its field and values alone, not on its hashes. */
function row(
  entity: LedgerEntity,
  field: string,
  old: string | null,
  value: string | null,
): PublishedLedgerRow {
  return {
    id: 1,
    entity,
    entryId: field.endsWith('import') ? null : 7,
    time: '2025-01-02T10:00:00.000Z',
    field,
    oldCommitment: null,
    newCommitment: null,
    old,
    new: value,
    secret: 'a'.repeat(64),
    reason: null,
    revealedAt: null,
    prevHash: '0'.repeat(64),
    hash: 'b'.repeat(64),
  };
}

const withheld = (published: PublishedLedgerRow) => ({ ...published, old: null, new: null, secret: null });

const entry = JSON.stringify({
  amount: '50.00',
  source: 'consulting',
  description: 'Consulting call',
  date: '2025-01-02T00:00:00.000Z',
  provenance: 'manual',
  provider: null,
  externalId: null,
  currency: 'USD',
  originalAmount: '50.00',
});

const cost = (values: Record<string, string | null>) =>
  JSON.stringify({
    amount: '12.00',
    date: '2025-01-02T00:00:00.000Z',
    category: 'ai-models',
    description: 'OpenAI usage',
    experiment: 'my-slug',
    provenance: 'import',
    format: 'openai',
    externalId: 'line_1',
    ...values,
  });

describe('a revenue row in words', () => {
  it('says what was created, edited, deleted and undone', () => {
    expect(describeLedgerRow(row('revenue', 'created', null, entry))).toBe(
      'Created: $50.00, Consulting, “Consulting call”, Jan 2, 2025, self-reported',
    );
    expect(describeLedgerRow(row('revenue', 'deleted', entry, null))).toMatch(/^Deleted: \$50\.00, /);
    expect(describeLedgerRow(row('revenue', 'amount', '10.00', '12.25'))).toBe('Amount: $10.00 → $12.25');
    expect(describeLedgerRow(row('revenue', 'source', 'ai', 'passive'))).toBe(
      'Source: AI Projects → Passive Income',
    );
    expect(describeLedgerRow(row('revenue', 'description', 'Old', 'New'))).toBe('Description: “Old” → “New”');
    expect(describeLedgerRow(row('revenue', 'date', '2025-01-02T00:00:00.000Z', null))).toBe(
      'Date: Jan 2, 2025 → nothing',
    );
    expect(describeLedgerRow(row('revenue', 'import', 'Stripe import #2: 3 entries, 90.00', null))).toBe(
      'Import undone: Stripe import #2: 3 entries, 90.00',
    );
  });

  it('says only what kind of change a private row was', () => {
    expect(
      [
        row('revenue', 'created', null, entry),
        row('revenue', 'deleted', entry, null),
        row('revenue', 'amount', '1.00', '2.00'),
        row('revenue', 'import', 'Stripe import #2: 3 entries, 90.00', null),
      ].map((published) => describeLedgerRow(withheld(published))),
    ).toEqual(['Created an entry', 'Deleted an entry', 'Amount changed', 'Import undone']);
  });
});

describe('a cost row in words', () => {
  it('says what a created or deleted cost was, its experiment and where it came from', () => {
    expect(describeLedgerRow(row('cost', 'created', null, cost({})))).toBe(
      'Created a cost: $12.00, AI models, “OpenAI usage”, Jan 2, 2025, for experiment my-slug, imported from OpenAI',
    );
    expect(
      describeLedgerRow(
        row(
          'cost',
          'deleted',
          cost({
            category: 'hosting',
            experiment: null,
            provenance: 'manual',
            format: null,
            externalId: null,
          }),
          null,
        ),
      ),
    ).toBe('Deleted a cost: $12.00, Hosting, “OpenAI usage”, Jan 2, 2025, entered by hand');
  });

  it('says each edited field old → new', () => {
    expect(describeLedgerRow(row('cost', 'category', 'hosting', 'ai-models'))).toBe(
      'Cost category: Hosting → AI models',
    );
    expect(describeLedgerRow(row('cost', 'amount', '1250.50', '99.00'))).toBe(
      'Cost amount: $1,250.50 → $99.00',
    );
    expect(
      describeLedgerRow(row('cost', 'date', '2024-03-15T00:00:00.000Z', '2024-03-16T00:00:00.000Z')),
    ).toBe('Cost date: Mar 15, 2024 → Mar 16, 2024');
    expect(describeLedgerRow(row('cost', 'description', 'Hosting', 'Design tool'))).toBe(
      'Cost description: “Hosting” → “Design tool”',
    );
    expect(describeLedgerRow(row('cost', 'experiment', 'my-slug', null))).toBe(
      'Cost experiment: my-slug → none',
    );
    expect(describeLedgerRow(row('cost', 'experiment', null, 'arena'))).toBe('Cost experiment: none → arena');
  });

  it('says which cost import was undone', () => {
    expect(describeLedgerRow(row('cost', 'cost-import', 'OpenAI import #3: 12 costs, 45.00', null))).toBe(
      'Cost import undone: OpenAI import #3: 12 costs, 45.00',
    );
  });

  it('says only what kind of change a private row was', () => {
    expect(
      [
        row('cost', 'created', null, cost({})),
        row('cost', 'deleted', cost({}), null),
        row('cost', 'category', 'hosting', 'tools'),
        row('cost', 'experiment', null, 'arena'),
        row('cost', 'cost-import', 'OpenAI import #3: 12 costs, 45.00', null),
      ].map((published) => describeLedgerRow(withheld(published))),
    ).toEqual([
      'Created a cost',
      'Deleted a cost',
      'Cost category changed',
      'Cost experiment changed',
      'Cost import undone',
    ]);
  });
});
