import { parseDateInput, pastDateField } from '@journey/contracts';
import { DATE_MIN, localToday } from '@journey/contracts/constants';
import { Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

export { localToday };

/**
 * A form's date rule: the shared one, up to the reader's own today, as the calendar offers. The server
 * allows up to the latest day on Earth, which is never before it
 * (docs/decisions/060-admin-onboarding-and-honest-dates.md).
 */
export const formDateRule = () => pastDateField({ latestDay: () => localToday() });

/** What the field tells the visitor it accepts; the schema refuses anything else with a message. */
export const DATE_FIELD_HINT = `YYYY-MM-DD, from ${DATE_MIN} to today`;

/** The typed text as a day the calendar can show and pick: a real YYYY-MM-DD in the allowed range. */
export function calendarDay(text: string, today = localToday()): string | null {
  const day = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !parseDateInput(day)) return null;
  return day >= DATE_MIN && day <= today ? day : null;
}

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value?: string;
  onChange: (value: string) => void;
}

/**
 * A text field for a date with a calendar beside it (above, or below when there is no room). What is typed stays as typed and goes to the form,
 * whose schema accepts it or shows why not under the field: the field never rewrites or reverts a
 * typed date. The calendar only offers days from 2000-01-01 to today, and picking one types it in.
 */
export function DateField({
  value = '',
  onChange,
  onFocus,
  onBlur,
  onClick,
  onKeyDown,
  description = DATE_FIELD_HINT,
  ...inputProps
}: DateFieldProps) {
  const [opened, setOpened] = useState(false);
  const today = localToday();
  const chosen = calendarDay(value, today);
  // The month browsed to in the calendar, until a new valid date is typed: the calendar then shows its month.
  const [browsed, setBrowsed] = useState<{ from: string | null; month: string } | null>(null);
  const month = browsed && browsed.from === chosen ? browsed.month : (chosen ?? today);

  return (
    <Popover
      opened={opened}
      onDismiss={() => setOpened(false)}
      // Above the field: a form's actions sit below its fields, and on a phone a calendar below the
      // date covered Save, so a tap there hit the calendar instead. It flips below when there is no room.
      position="top-start"
      // Clear of the field's label above it and its hint below, which say what the calendar is for.
      offset={28}
      trapFocus={false}
      returnFocus={false}
      withRoles={false}
      withinPortal
      // Placement is measured again whenever the calendar moves or grows, never kept from the first frame.
      preventPositionChangeWhenVisible={false}
      // Room is measured against the window, so the calendar flips above or shifts rather than
      // running off the bottom of a short window.
      middlewares={{ flip: true, shift: { padding: 8 }, inline: false }}
    >
      <Popover.Target>
        <TextInput
          autoComplete="off"
          spellCheck={false}
          description={description}
          // The hint goes under the field, so fields side by side keep their inputs level.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...inputProps}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setOpened(true);
          }}
          onFocus={(event: FocusEvent<HTMLInputElement>) => {
            onFocus?.(event);
            setOpened(true);
          }}
          onClick={(event: MouseEvent<HTMLInputElement>) => {
            onClick?.(event);
            setOpened(true);
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            onBlur?.(event);
            setOpened(false);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Escape' && opened) {
              // Closes the calendar only, not the dialog around the field.
              event.stopPropagation();
              setOpened(false);
            }
            onKeyDown?.(event);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown
        data-dates-dropdown
        // Clicks in the calendar must not take the focus from the field (its blur closes the calendar).
        onMouseDown={(event) => event.preventDefault()}
      >
        <DatePicker
          __preventFocus
          // Other months' days (greyed) and weekends (red) would be below AA contrast; neither is needed.
          hideOutsideDates
          weekendDays={[]}
          ariaLabels={CALENDAR_LABELS}
          value={chosen}
          date={month}
          onDateChange={(shown) => setBrowsed({ from: chosen, month: shown })}
          minDate={DATE_MIN}
          maxDate={today}
          onChange={(day) => {
            if (day) onChange(day);
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
