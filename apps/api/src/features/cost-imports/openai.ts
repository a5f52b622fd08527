import { costDescription, exportDate, roundedCents, usdOnly, type CostExportFormat } from './format';

/**
 * OpenAI's costs, as its organization Costs API (`GET /v1/organization/costs`) reports them and the
 * usage dashboard's Cost view exports them: one row per day bucket and group, with `start_time`
 * (Unix seconds, or the day), `amount.value` (USD, a fraction of a cent at times) and `amount.currency`
 * (lowercase ISO 4217, "usd"), and when grouped, `line_item` ("Image models", "gpt-4o-2024-08-06,
 * input"…), `project_id` (and the export's `project_name`) and `api_key_id`. Sources:
 * platform.openai.com/docs/api-reference/usage/costs (the `organization.costs.result` object) and
 * help.openai.com/en/articles/8554956-understanding-your-api-usage (the Cost view's Export).
 * A line is its day, line item, project and API key.
 */
export const openai: CostExportFormat = {
  columns: {
    date: ['start_time', 'date'],
    amount: ['amount_value', 'amount.value', 'amount'],
    currency: ['amount_currency', 'amount.currency', 'currency'],
    lineItem: ['line_item'],
    project: ['project_id'],
    projectName: ['project_name'],
    apiKey: ['api_key_id'],
  },
  required: ['date', 'amount'],
  read(cells) {
    const currency = usdOnly(cells('currency'), 'Currency');
    if (currency) return { error: currency };
    const date = exportDate(cells('date'), 'start_time');
    if ('error' in date) return date;
    const cents = roundedCents(cells('amount'), 'amount_value', 'dollars');
    if ('error' in cents) return cents;
    if (cents.value === 0n) return { skip: 'Less than half a cent.' };
    const day = date.value.toISOString().slice(0, 10);
    const item = cells('lineItem');
    const project = cells('projectName') || cells('project');
    return {
      line: {
        identity: `openai:${day}:${item}:${cells('project')}:${cells('apiKey')}`,
        cents: cents.value,
        date: date.value,
        category: 'ai-models',
        description: costDescription(`OpenAI ${item || 'usage'}${project ? ` (${project})` : ''}`),
        experiment: '',
      },
    };
  },
};
