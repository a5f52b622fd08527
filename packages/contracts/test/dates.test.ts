import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestDayOnEarth, pastDateField, revenueInput, settingsSchema } from '../src';
import { defaultSettings } from '../src';

// docs/decisions/060-admin-onboarding-and-honest-dates.md: a date is accepted up to the latest
// calendar day in effect anywhere on Earth (today at UTC+14), and no further.
describe('the latest allowed day', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['2026-11-26T00:00:00Z', '2026-11-26'],
    ['2026-11-26T09:59:59.999Z', '2026-11-26'],
    ['2026-11-26T10:00:00Z', '2026-11-27'],
    ['2026-11-26T23:59:59Z', '2026-11-27'],
  ])('at %s is %s', (now, day) => {
    expect(latestDayOnEarth(Date.parse(now))).toBe(day);
  });
});

describe('past dates at the boundary', () => {
  const date = pastDateField();
  const at = (now: string) => vi.setSystemTime(new Date(now));
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses tomorrow (UTC) while it is nowhere today yet, accepts it once it is today at UTC+14', () => {
    at('2026-11-26T09:59:59Z');
    expect(date.safeParse('2026-11-26').success).toBe(true);
    expect(date.safeParse('2026-11-27').error?.issues[0]?.message).toBe('Date cannot be in the future.');
    at('2026-11-26T10:00:00Z');
    expect(date.safeParse('2026-11-27').success).toBe(true);
  });

  it('never accepts the day after tomorrow (UTC), whatever the hour', () => {
    at('2026-11-26T23:59:59.999Z');
    expect(date.safeParse('2026-11-28').error?.issues[0]?.message).toBe('Date cannot be in the future.');
  });

  it('judges a timestamp by the UTC day it is stored and shown as', () => {
    at('2026-11-26T10:00:00Z');
    expect(date.safeParse('2026-11-27T23:59:59Z').success).toBe(true);
    expect(date.safeParse('2026-11-28T08:00:00+14:00').success).toBe(true); // 2026-11-27T18:00Z
    expect(date.safeParse('2026-11-28T00:00:00Z').success).toBe(false);
    expect(date.safeParse('2026-11-27T20:00:00-05:00').success).toBe(false); // 2026-11-28T01:00Z
  });

  it("takes a form's own today, so a form refuses what is not yet today for its reader", () => {
    at('2026-11-26T12:00:00Z');
    const local = pastDateField({ latestDay: () => '2026-11-26' });
    expect(local.safeParse('2026-11-26').success).toBe(true);
    expect(local.safeParse('2026-11-27').error?.issues[0]?.message).toBe('Date cannot be in the future.');
  });

  it('holds for revenue entries and the journey start alike', () => {
    at('2026-11-26T09:00:00Z');
    const entry = { amount: '5', source: 'ai', description: 'Five dollars', date: '2026-11-27' };
    expect(revenueInput.safeParse(entry).success).toBe(false);
    const settings = { ...defaultSettings({ productName: 'U', today: '2026-11-26' }) };
    expect(
      settingsSchema.safeParse({ ...settings, journeyStartDate: '2026-11-27' }).error?.issues[0]?.message,
    ).toBe('Journey start cannot be in the future.');
    at('2026-11-26T10:00:00Z');
    expect(revenueInput.safeParse(entry).success).toBe(true);
    expect(settingsSchema.safeParse({ ...settings, journeyStartDate: '2026-11-27' }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...settings, journeyStartDate: '2026-11-28' }).success).toBe(false);
  });
});
