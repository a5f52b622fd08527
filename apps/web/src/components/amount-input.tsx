import { formatMoney } from '@journey/contracts/constants';
import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A dollar amount kept exactly as typed: the shared schema reads it (commas only between groups of
 * three digits), so the field never reformats a keystroke into another number behind the user's back.
 */
export function AmountInput(props: Omit<TextInputProps, 'leftSection' | 'inputMode'>) {
  return (
    <TextInput
      leftSection={<span aria-hidden>$</span>}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** A stored amount ("1250.50") as the field shows it for editing: "1,250.50", which reads back the same. */
export const amountForInput = (amount: string) => formatMoney(amount).slice(1);
