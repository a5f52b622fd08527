// Only loaded on demand: the CSS of the Mantine components used here and not in app/mantine-styles.ts.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/dates/styles.css';
import { DATE_MIN } from '@journey/contracts/constants';
import { DateInput, type DateInputProps } from '@mantine/dates';

/** Today in the visitor's time zone, as YYYY-MM-DD (the server allows a day of slack for this). */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A date picker that refuses days before 2000-01-01 and after today (DESIGN.md item 10). */
export function DateField(props: DateInputProps) {
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      minDate={DATE_MIN}
      maxDate={localToday()}
      clearable={false}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
