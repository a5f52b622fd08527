import { createHash } from 'node:crypto';
import { COST_DESCRIPTION_MAX, COST_DESCRIPTION_MIN, costCategoryOf, textField } from '@journey/contracts';
import { decimalCents, formatCents } from '../revenue-imports/money';
import { CATEGORY_CHOICES, exportDate, usdOnly, type CostExportFormat } from './format';

const descriptionField = textField({
  label: 'description',
  min: COST_DESCRIPTION_MIN,
  max: COST_DESCRIPTION_MAX,
});

/**
 * Any other bill, in the columns `date,amount,description,category,experiment`: the amount and date by
 * the cost form's rules (so more than two decimals is refused, as there), the category as its slug or
 * its label in any case, the experiment empty or an experiment's slug or exact title (plan.ts). An
 * optional `currency` column must say USD. The row's values are its identity (hashed, as the revenue
 * import's generic file: revenue-imports/providers/generic.ts).
 */
export const generic: CostExportFormat = {
  columns: {
    date: ['date'],
    amount: ['amount'],
    description: ['description'],
    category: ['category'],
    experiment: ['experiment'],
    currency: ['currency'],
  },
  required: ['date', 'amount', 'description', 'category'],
  read(cells) {
    const currency = usdOnly(cells('currency'), 'currency');
    if (currency) return { error: currency };
    const date = exportDate(cells('date'), 'date');
    if ('error' in date) return date;
    const cents = decimalCents(cells('amount'), 'amount');
    if ('error' in cents) return cents;
    const description = descriptionField.safeParse(cells('description'));
    if (!description.success)
      return { error: description.error.issues[0]?.message ?? 'description is invalid.' };
    const categoryText = cells('category');
    if (categoryText === '') return { error: 'category is required.' };
    const category = costCategoryOf(categoryText);
    if (!category) return { error: `category "${categoryText}" is not one of ${CATEGORY_CHOICES}.` };
    const experiment = cells('experiment');
    const values = [
      date.value.toISOString(),
      formatCents(cents.value),
      description.data,
      category,
      experiment,
    ];
    return {
      line: {
        identity: `sha256:${createHash('sha256').update(JSON.stringify(values)).digest('hex')}`,
        cents: cents.value,
        date: date.value,
        category,
        description: description.data,
        experiment,
      },
    };
  },
};
