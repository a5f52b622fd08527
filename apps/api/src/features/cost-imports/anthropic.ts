import { costDescription, exportDate, roundedCents, usdOnly, type CostExportFormat } from './format';

/**
 * Anthropic's costs, as its Admin API cost report (`GET /v1/organizations/cost_report`) gives them and
 * the Console's Cost page exports them: one row per day bucket and group, with `starting_at` (RFC 3339),
 * `amount` ("cost amount in lowest currency units (e.g. cents) as a decimal string": "123.45" is
 * $1.2345), `currency` ("currently always USD"), and when grouped, `workspace_id`, `description`,
 * `cost_type` (tokens, web_search, code_execution), `model`, `service_tier`, `token_type` and
 * `context_window`. Sources: platform.claude.com/docs/en/api/admin/cost_report and
 * support.anthropic.com/en/articles/9534590-cost-and-usage-reporting-in-console (the CSV export).
 * A line is its day, workspace, description, model, cost type, token type, service tier and context window.
 */
export const anthropic: CostExportFormat = {
  columns: {
    date: ['starting_at', 'date'],
    amount: ['amount'],
    currency: ['currency'],
    workspace: ['workspace_id'],
    description: ['description'],
    costType: ['cost_type'],
    model: ['model'],
    serviceTier: ['service_tier'],
    tokenType: ['token_type'],
    contextWindow: ['context_window'],
  },
  required: ['date', 'amount', 'currency'],
  read(cells) {
    const currency = usdOnly(cells('currency'), 'Currency');
    if (currency) return { error: currency };
    const date = exportDate(cells('date'), 'starting_at');
    if ('error' in date) return date;
    const cents = roundedCents(cells('amount'), 'amount', 'cents');
    if ('error' in cents) return cents;
    if (cents.value === 0n) return { skip: 'Less than half a cent.' };
    const day = date.value.toISOString().slice(0, 10);
    const parts = [
      'workspace',
      'description',
      'model',
      'costType',
      'tokenType',
      'serviceTier',
      'contextWindow',
    ];
    const what =
      cells('description') ||
      [cells('model'), cells('tokenType') || cells('costType')].filter(Boolean).join(' ');
    const workspace = cells('workspace');
    return {
      line: {
        identity: `anthropic:${day}:${parts.map(cells).join(':')}`,
        cents: cents.value,
        date: date.value,
        category: 'ai-models',
        description: costDescription(`Anthropic ${what || 'usage'}${workspace ? ` (${workspace})` : ''}`),
        experiment: '',
      },
    };
  },
};
