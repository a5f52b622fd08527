/**
 * Every CSV the server writes (open data, the ledger, the subscribers export) goes through csvRows: a
 * cell a spreadsheet could run as a formula is neutralised, whichever separator the spreadsheet splits on.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, csvRows } from '../src/http/csv';

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=1+2', "'=1+2"],
    ['-5', "'-5"],
    ['@sum', "'@sum"],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
  ])('writes %j as %j: a formula neutralised; a separator, quote or line break quoted', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each(['x;=1+1', 'x;+1', 'a|@SUM(1)', 'b\t-1', 'c\t=1', 'd;\t=1', 'e,=1', 'x; =1'])(
    'quotes %j, so a spreadsheet splitting on ; | or tab keeps it one cell',
    (value) => {
      const field = csvField(value);
      expect(field.startsWith('"') && field.endsWith('"'), field).toBe(true);
      // Read back as CSV with any of those separators, it is still the one cell it was.
      for (const delimiter of [',', ';', '|', '\t'])
        expect(parse(`${field}\r\n`, { delimiter, relax_quotes: false }), delimiter).toEqual([[value]]);
    },
  );

  it('leaves plain cells as they are', () => {
    expect(csvRows([['2024-01', '12.50', 'Consulting for ACME', 3]])).toBe(
      '2024-01,12.50,Consulting for ACME,3\r\n',
    );
  });
});
