import '@mantine/dates/styles.css';
import { DATE_MIN } from '@journey/contracts';
import { DateInput, type DateInputProps } from '@mantine/dates';

const today = () => new Date().toISOString().slice(0, 10);

/** A date picker that refuses days before 2000-01-01 and after today (DESIGN.md item 10). */
export function DateField(props: DateInputProps) {
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      minDate={DATE_MIN}
      maxDate={today()}
      clearable={false}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
