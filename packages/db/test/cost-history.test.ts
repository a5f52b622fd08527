import { checkLedgerChain, costInput, replayLedger } from '@journey/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  costHistory,
  countCorrections,
  createCost,
  deleteCost,
  deletedCosts,
  firstBrokenLedgerRow,
  ImportedAgainError,
  LATE_COST_REASON,
  listLedger,
  publishedLedgerRow,
  schema,
  sha256Hex,
  storeCostImport,
  undoCostImport,
  undoLastCostChange,
  updateCost,
  upgradeLedger,
} from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

/**
 * Costs in the ledger (docs/decisions/084-ledger-commitments.md, "Costs in the ledger"): every write of
 * a cost is recorded, published in the one chain, and undoable, as a revenue entry's.
 */

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

const { costs, experiments } = schema;

const cost = (amount: string, description: string, experimentId: number | null = null) =>
  costInput.parse({ amount, date: '2026-03-02', category: 'ai-models', description, experimentId });

/** The ledger's rows after the given id, as [entity, costId, field, old, new, reason]. */
async function ledgerAfter(id: number) {
  return (await listLedger(test.handle.db))
    .filter((row) => row.id > id)
    .map((row) => [
      publishedLedgerRow(row).entity,
      row.costId,
      row.field,
      row.oldValue,
      row.newValue,
      row.reason,
    ]);
}
const lastLedgerId = async () => (await listLedger(test.handle.db)).at(-1)?.id ?? 0;

async function firstExperiment() {
  const [experiment] = await test.handle.db.select().from(experiments).orderBy(experiments.id).limit(1);
  if (!experiment) throw new Error('The seeded experiments are missing');
  return experiment;
}

describe('the history of a cost', () => {
  it('publishes a creation, each edited field and a deletion, and the chain holds', async () => {
    const db = test.handle.db;
    const experiment = await firstExperiment();
    const from = await lastLedgerId();
    const corrections = await countCorrections(db);
    const totals = replayLedger((await listLedger(db)).map(publishedLedgerRow));
    const created = await createCost(db, cost('12.5', 'Model calls'));
    await updateCost(db, created.id, cost('14', 'Model calls', experiment.id), { reason: 'Late invoice' });
    // An edit that changes nothing records nothing.
    await updateCost(db, created.id, cost('14', 'Model calls', experiment.id));
    await deleteCost(db, created.id, { reason: 'Duplicate' });

    const createdJson = JSON.stringify({
      amount: '12.50',
      date: '2026-03-02T00:00:00.000Z',
      category: 'ai-models',
      description: 'Model calls',
      experiment: null,
      provenance: 'manual',
      format: null,
      externalId: null,
    });
    const deletedJson = createdJson
      .replace('"12.50"', '"14.00"')
      .replace('"experiment":null', `"experiment":"${experiment.slug}"`);
    expect(await ledgerAfter(from)).toEqual([
      ['cost', created.id, 'created', null, createdJson, null],
      ['cost', created.id, 'amount', '12.50', '14.00', 'Late invoice'],
      ['cost', created.id, 'experiment', null, experiment.slug, 'Late invoice'],
      ['cost', created.id, 'deleted', deletedJson, null, 'Duplicate'],
    ]);
    expect((await costHistory(db, created.id)).map((change) => [change.action, change.reason])).toEqual([
      ['delete', 'Duplicate'],
      ['update', 'Late invoice'],
      ['create', null],
    ]);
    const rows = await listLedger(db);
    expect(await firstBrokenLedgerRow(rows)).toBeNull();
    expect((await checkLedgerChain(rows.map(publishedLedgerRow), sha256Hex)).intact).toBe(true);
    // The revenue's corrections and totals are the revenue's alone.
    expect(await countCorrections(db)).toBe(corrections);
    expect(replayLedger(rows.map(publishedLedgerRow))).toEqual(totals);
  });

  it('undoes an edit, restores a deleted cost with its id, and undoes the undo', async () => {
    const db = test.handle.db;
    const created = await createCost(db, cost('30', 'Hosting bill'));
    await updateCost(db, created.id, cost('35', 'Hosting bill'));
    const undoEdit = await undoLastCostChange(db, created.id, 'Typo');
    expect(undoEdit).toMatchObject({ action: 'update', reason: 'Typo', after: { amount: '30.00' } });
    expect((await db.select().from(costs)).find((row) => row.id === created.id)?.amount).toBe('30.00');

    await deleteCost(db, created.id, { reason: 'Not ours' });
    expect((await deletedCosts(db)).find((row) => row.id === created.id)).toMatchObject({
      amount: '30.00',
      description: 'Hosting bill',
      reason: 'Not ours',
    });
    const restored = await undoLastCostChange(db, created.id);
    expect(restored).toMatchObject({ action: 'create', costId: created.id, undoOf: expect.any(Number) });
    expect(restored?.reason).toMatch(/^Undo of change #\d+$/);
    expect((await deletedCosts(db)).some((row) => row.id === created.id)).toBe(false);
    expect((await db.select().from(costs)).some((row) => row.id === created.id)).toBe(true);

    // Undoing the restore deletes it again; a cost with no history has nothing to undo.
    expect(await undoLastCostChange(db, created.id)).toMatchObject({ action: 'delete' });
    expect(await undoLastCostChange(db, 2_000_000)).toBeNull();
    expect(await firstBrokenLedgerRow(await listLedger(db))).toBeNull();
  });

  it('records an import line by line, and its undo as one row about the whole import', async () => {
    const db = test.handle.db;
    const from = await lastLedgerId();
    const entries = ['a', 'b'].map((line, index) => ({
      externalId: `line-${line}`,
      amount: `${index + 1}.25`,
      date: new Date('2026-02-10T00:00:00Z'),
      category: 'ai-models' as const,
      description: `Usage ${line}`,
      experimentId: null,
    }));
    const imported = await storeCostImport(db, { format: 'openai', entries });
    expect(imported).toMatchObject({ added: 2, total: '3.50' });
    const added = await ledgerAfter(from);
    expect(added.map(([entity, , field]) => [entity, field])).toEqual([
      ['cost', 'created'],
      ['cost', 'created'],
    ]);
    expect(JSON.parse(String(added[0]?.[4]))).toMatchObject({
      provenance: 'import',
      format: 'openai',
      externalId: 'line-a',
    });

    const middle = await lastLedgerId();
    expect(await undoCostImport(db, imported.id)).toMatchObject({ removed: 2, total: '3.50' });
    expect(await ledgerAfter(middle)).toEqual([
      ['cost', expect.any(Number), 'deleted', expect.any(String), null, 'Import undone'],
      ['cost', expect.any(Number), 'deleted', expect.any(String), null, 'Import undone'],
      ['cost', null, 'cost-import', `OpenAI import #${imported.id}: 2 costs, 3.50`, null, 'Import undone'],
    ]);
    // An undone import's costs come back with the import, not one by one.
    const costIds = added.map((row) => Number(row[1]));
    expect((await deletedCosts(db)).some((row) => costIds.includes(row.id))).toBe(false);
    expect(await firstBrokenLedgerRow(await listLedger(db))).toBeNull();
  });

  it('keeps a deleted imported cost deleted when an import stored its line again', async () => {
    const db = test.handle.db;
    const line = {
      externalId: 'again-1',
      amount: '9.00',
      date: new Date('2026-02-11T00:00:00Z'),
      category: 'tools' as const,
      description: 'A tool',
      experimentId: null,
    };
    await storeCostImport(db, { format: 'generic', entries: [line] });
    const [stored] = await db.select().from(costs).where(eq(costs.externalId, 'again-1'));
    if (!stored) throw new Error('The import stored nothing');
    await deleteCost(db, stored.id);
    await storeCostImport(db, { format: 'generic', entries: [line] });
    await expect(undoLastCostChange(db, stored.id)).rejects.toThrow(ImportedAgainError);
    await expect(undoLastCostChange(db, stored.id)).rejects.toThrow(/This cost was imported again/);
  });

  it('gives costs stored before they had a history their creation, once', async () => {
    const db = test.handle.db;
    const [old] = await db
      .insert(costs)
      .values({
        amount: '4.20',
        date: new Date('2025-12-01T00:00:00Z'),
        category: 'hosting',
        description: 'Old',
      })
      .returning();
    if (!old) throw new Error('insert returned no cost');
    const from = await lastLedgerId();
    expect((await upgradeLedger(db)).published).toBe(1);
    expect(await ledgerAfter(from)).toEqual([
      ['cost', old.id, 'created', null, expect.stringContaining('"amount":"4.20"'), LATE_COST_REASON],
    ]);
    expect((await upgradeLedger(db)).published).toBe(0);
    expect(await costHistory(db, old.id)).toHaveLength(1);
  });
});
