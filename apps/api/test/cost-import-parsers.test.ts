import { describe, expect, it } from 'vitest';
import { readCostFile } from '../src/features/cost-imports/read-file';
import { externalIdOf, roundedCents } from '../src/features/cost-imports/format';

describe('cost import parsers', () => {
  it('rounds export amounts to the cent exactly, half up, in dollars or cents', () => {
    expect(roundedCents('12.3456', 'a', 'dollars')).toEqual({ value: 1235n });
    expect(roundedCents('0.005', 'a', 'dollars')).toEqual({ value: 1n });
    expect(roundedCents('0.0049', 'a', 'dollars')).toEqual({ value: 0n });
    expect(roundedCents('1.2e-2', 'a', 'dollars')).toEqual({ value: 1n });
    expect(roundedCents('123.45', 'a', 'cents')).toEqual({ value: 123n });
    expect(roundedCents('123.5', 'a', 'cents')).toEqual({ value: 124n });
    expect(roundedCents('-1', 'a', 'dollars')).toEqual({
      error: 'a is negative (-1): a cost is a positive amount; credits are not imported.',
    });
    expect(roundedCents('abc', 'a', 'dollars')).toEqual({ error: 'a must be a number ("abc").' });
    expect(roundedCents('1e30', 'a', 'dollars')).toEqual({
      error: 'a must be less than $1,000,000,000,000.',
    });
  });

  it('keeps an export line identity, numbering equal lines of one file', () => {
    expect(externalIdOf('openai:2024-11-01:x::', 1)).toBe('openai:2024-11-01:x::');
    expect(externalIdOf('openai:2024-11-01:x::', 2)).toBe('openai:2024-11-01:x::#2');
    expect(externalIdOf('x'.repeat(300), 1)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('reads OpenAI rows: Unix seconds or days, usd, line item and project', async () => {
    const file = await readCostFile(
      'openai',
      'start_time,amount_value,amount_currency,line_item,project_id\n' +
        '1730419200,1.005,usd,"gpt-4o, input",proj_1\n' +
        '2024-11-02,2,USD,,\n' +
        '2024-11-02,2,eur,,\n',
    );
    expect(file.errors).toEqual([
      {
        line: 4,
        message:
          'Currency is "eur": only USD amounts are imported (nothing is converted); export in USD or add the cost by hand.',
      },
    ]);
    expect(
      file.rows.map(({ line, externalId, cents, description, category }) => ({
        line,
        externalId,
        cents,
        description,
        category,
      })),
    ).toEqual([
      {
        line: 2,
        externalId: 'openai:2024-11-01:gpt-4o, input:proj_1:',
        cents: 101n,
        description: 'OpenAI gpt-4o, input (proj_1)',
        category: 'ai-models',
      },
      {
        line: 3,
        externalId: 'openai:2024-11-02:::',
        cents: 200n,
        description: 'OpenAI usage',
        category: 'ai-models',
      },
    ]);
  });

  it('reads Anthropic amounts in cents, with the model and token type as its line', async () => {
    const file = await readCostFile(
      'anthropic',
      'starting_at,model,token_type,currency,amount\n2025-03-01T00:00:00Z,claude-sonnet-4,output_tokens,USD,250\n',
    );
    expect(file.rows[0]).toMatchObject({
      cents: 250n,
      description: 'Anthropic claude-sonnet-4 output_tokens',
      externalId: 'anthropic:2025-03-01:::claude-sonnet-4::output_tokens::',
    });
  });

  it('refuses a file without its columns, naming them', async () => {
    await expect(readCostFile('anthropic', 'date,cost\n2025-01-01,1\n')).rejects.toThrow(
      'Line 1: missing columns amount, currency (expected a header with starting_at, amount, currency).',
    );
  });

  it('reads the generic file: category by slug or label in any case, two equal lines both kept', async () => {
    const file = await readCostFile(
      'generic',
      'Date,Amount,Description,Category,Experiment\n2025-01-01,5,Coffee for the team,ai models,\n2025-01-01,5,Coffee for the team,AI-MODELS,\n',
    );
    expect(file.errors).toEqual([]);
    expect(file.rows.map((row) => row.category)).toEqual(['ai-models', 'ai-models']);
    expect(file.rows[1]?.externalId).toBe(`${file.rows[0]?.externalId}#2`);
  });
});
