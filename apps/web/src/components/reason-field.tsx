import { REVENUE_REASON_MAX } from '@journey/contracts/constants';
import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * The optional reason of a correction (docs/decisions/043-correction-ledger.md): it is published in
 * the public ledger, which the description says before anything is typed.
 */
export function ReasonField(props: Omit<TextareaProps, 'label' | 'description' | 'maxLength'>) {
  return (
    <Textarea
      label="Reason (optional)"
      description="Published in the public correction ledger."
      autosize
      minRows={1}
      maxLength={REVENUE_REASON_MAX}
      {...props}
    />
  );
}
