import { createHash } from 'node:crypto';
import { REVENUE_DESCRIPTION_MAX, REVENUE_DESCRIPTION_MIN, textField } from '@journey/contracts';
import { readAll, transactionId, utcDate, type ExportFormat } from '../format';
import { decimalCents, formatCents, type Read } from '../money';

const descriptionField = textField({
  label: 'description',
  min: REVENUE_DESCRIPTION_MIN,
  max: REVENUE_DESCRIPTION_MAX,
});

function describedAs(text: string): Read<string> {
  const result = descriptionField.safeParse(text);
  return result.success
    ? { value: result.data }
    : { error: result.error.issues[0]?.message ?? 'Bad description.' };
}

/**
 * Any other source, in four columns `date,amount,description,id`: the amount as the revenue form
 * takes it, the date by its past-date rule, the description by its length. Without an `id`, the row's
 * own values stand for it, so the same file imported twice still adds nothing
 * (docs/decisions/044-provider-imports.md).
 */
export const generic: ExportFormat = {
  required: ['date', 'amount', 'description'],
  read(cells) {
    const read = readAll({
      date: utcDate(cells('date'), 'date'),
      cents: decimalCents(cells('amount'), 'amount'),
      description: describedAs(cells('description')),
      id: transactionId(cells('id'), 'id'),
    });
    if ('error' in read) return read;
    const { date, cents, description, id } = read.values;
    const externalId =
      id ||
      `sha256:${createHash('sha256')
        .update(JSON.stringify([date.toISOString(), formatCents(cents), description]))
        .digest('hex')}`;
    return {
      entry: { externalId, cents, currency: 'USD', originalAmount: formatCents(cents), date, description },
    };
  },
};
