import { describe, expect, it } from 'vitest';
import {
  experimentInput,
  milestoneInput,
  moneyField,
  parseDateInput,
  registerFormSchema,
  REVENUE_TARGET,
  STATUS_COLORS,
} from '../src';

describe('money', () => {
  const money = moneyField();
  it.each([
    ['12', '12'],
    ['12.5', '12.5'],
    [' 1,234.56 ', '1234.56'],
    ['1,250', '1250'],
    ['1,250.50', '1250.50'],
    ['12,345,678.90', '12345678.90'],
    ['999,999,999,999.99', '999999999999.99'],
    [99.99, '99.99'],
    ['999999999999.99', '999999999999.99'],
  ])('accepts %j as %j', (input, output) => {
    expect(money.parse(input)).toBe(output);
  });

  it.each([
    ['', 'Amount is required.'],
    [null, 'Amount is required.'],
    ['1e5', 'Amount must be a valid number.'],
    // A comma separates thousands only: anything else would be a silent 100x or 1000x error.
    ['12,50', 'Amount must be a valid number.'],
    ['12,5', 'Amount must be a valid number.'],
    ['1,2,3', 'Amount must be a valid number.'],
    ['1,2345', 'Amount must be a valid number.'],
    ['1234,567', 'Amount must be a valid number.'],
    [',250', 'Amount must be a valid number.'],
    ['1,250,', 'Amount must be a valid number.'],
    ['1,,250', 'Amount must be a valid number.'],
    ['1,250.5,0', 'Amount must be a valid number.'],
    ['-1,250', 'Amount must be greater than 0.'],
    [Number.POSITIVE_INFINITY, 'Amount must be a valid number.'],
    [0.1 + 0.2, 'Amount can have at most 2 decimal places.'],
    [-0, 'Amount must be greater than 0.'],
    ['0.00', 'Amount must be greater than 0.'],
    ['1000000000000.00', 'Amount must be less than $1,000,000,000,000.'],
  ])('rejects %j with %j', (input, message) => {
    const result = money.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('dates', () => {
  it('reads YYYY-MM-DD as midnight UTC and keeps ISO offsets', () => {
    expect(parseDateInput('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDateInput('2024-02-29T23:00:00-02:00')?.toISOString()).toBe('2024-03-01T01:00:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    expect(parseDateInput('2023-02-29')).toBeNull();
    expect(parseDateInput('2024-13-01')).toBeNull();
    expect(parseDateInput('March 3rd')).toBeNull();
  });
});

describe('forms', () => {
  it('reports mismatched passwords on confirmPassword', () => {
    const result = registerFormSchema.safeParse({
      username: 'founder',
      password: 'secret1',
      confirmPassword: 'secret2',
      email: 'a@b.co',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  it('turns an empty milestone amount into null', () => {
    const values = milestoneInput.parse({
      title: 'Hi',
      description: 'Ten chars!',
      date: '2024-01-01',
      day: '3',
      isRevenue: true,
      amount: '',
    });
    expect(values).toMatchObject({ day: 3, isRevenue: 1, amount: null });
  });

  it('accepts site paths and https URLs as experiment images', () => {
    const base = { title: 'Lab', description: 'Ten chars at least', status: 'Active', projectCount: 0 };
    expect(experimentInput.parse({ ...base, imageUrl: '/images/x.svg' }).imageUrl).toBe('/images/x.svg');
    expect(experimentInput.safeParse({ ...base, imageUrl: '//evil.example/x.png' }).success).toBe(false);
  });

  it("refuses http:// images, which the page's CSP would block, with a message saying why", () => {
    const base = { title: 'Lab', description: 'Ten chars at least', status: 'Active', projectCount: 0 };
    expect(experimentInput.parse({ ...base, imageUrl: 'https://cdn.example/x.png' }).imageUrl).toBe(
      'https://cdn.example/x.png',
    );
    expect(
      experimentInput.safeParse({ ...base, imageUrl: 'http://cdn.example/x.png' }).error?.issues,
    ).toEqual([
      expect.objectContaining({
        path: ['imageUrl'],
        message: 'Image must be an https:// address or a path on this site (/images/…).',
      }),
    ]);
  });
});

describe('constants', () => {
  it('keeps the spec target and one colour per status', () => {
    expect(REVENUE_TARGET).toBe(1_000_000_000);
    expect(Object.keys(STATUS_COLORS)).toEqual(['Active', 'Popular', 'Flagship']);
  });
});
