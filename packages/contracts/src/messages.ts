/**
 * The delete confirmation's text for each kind of row (docs/product.md#pages), true of what its delete
 * does: a revenue entry or a cost can be restored (docs/decisions/043-correction-ledger.md,
 * 084-ledger-commitments.md), nothing else can (docs/decisions/060-admin-onboarding-and-honest-dates.md).
 */
export const DELETE_WARNINGS = {
  milestone: 'This will permanently delete this milestone. This action cannot be undone.',
  'revenue entry':
    "This will delete this revenue entry and publish the delete in the correction ledger. You can restore it from 'Recently deleted' below the table: open its History and choose 'Undo last change'.",
  experiment: 'This will permanently delete this experiment. This action cannot be undone.',
  subscriber: 'This will permanently delete this subscriber. This action cannot be undone.',
  draft: 'This will permanently delete this draft. This action cannot be undone.',
  cost: "This will delete this cost and publish the delete in the public ledger. You can restore it from 'Recently deleted' below the table: open its History and choose 'Undo last change'.",
} as const;
export type DeletableNoun = keyof typeof DELETE_WARNINGS;
