/**
 * The ECB's reference rates (docs/decisions/078-exchange-rates.md): its CSV files read as published
 * (the shipped snapshot in packages/testing/fixtures/ecb), loaded from ECB_RATES_URL as a zip, and a
 * Stripe account that settles in euros converted at the rate of each payment's day, a weekend's at
 * Friday's, and a day with no rate near it listed rather than stored. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordSkipped, schema } from '@journey/db';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToUsd } from '../src/features/exchange-rates/to-usd';
import { ecbCsvText, EcbFormatError, parseEcbCsv } from '../src/features/exchange-rates/ecb-csv';
import { loadEcbRates } from '../src/features/exchange-rates/ecb-loader';
import { waitFor } from './support/http';
import { call } from './helpers';
import { useStripeStandIn } from './support/stand-ins';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/testing/fixtures/ecb/${name}`, import.meta.url), 'utf8');
const HISTORY = fixture('eurofxref-hist.csv');

describe('the ECB CSV', () => {
  it('reads the whole history as published, N/A left out', () => {
    const rates = parseEcbCsv(HISTORY);
    // Ten business days of 30 currencies with a rate (of 41 columns; the 11 retired ones are N/A).
    expect(rates).toHaveLength(10 * 30);
    expect(rates).toContainEqual({ day: '2024-09-26', currency: 'USD', perEuro: '1.1155' });
    expect(rates).toContainEqual({ day: '2024-09-13', currency: 'JPY', perEuro: '156.17' });
    expect(rates.some((rate) => rate.currency === 'CYP')).toBe(false);
  });

  it('reads the day’s file, with its spaces and written-out date, to the same rates', () => {
    const day = parseEcbCsv(fixture('eurofxref.csv'));
    const history = parseEcbCsv(HISTORY).filter((rate) => rate.day === '2024-09-26');
    const byCurrency = (rates: typeof day) =>
      Object.fromEntries(rates.map((rate) => [rate.currency, Number(rate.perEuro)]));
    expect(byCurrency(day)).toEqual(byCurrency(history));
  });

  it('takes the CSV out of the ECB’s zip', () => {
    const zipped = zipSync({ 'eurofxref-hist.csv': strToU8(HISTORY) });
    expect(ecbCsvText(zipped)).toBe(HISTORY);
  });

  it.each([
    ['Datum,USD\n2024-09-26,1.1\n', 'first line should start with "Date,USD,"'],
    ['Date,USD,\nyesterday,1.1,\n', '"yesterday" is not a date'],
    ['Date,USD,\n2024-09-26,one,\n', 'the USD rate "one" is not a rate'],
    ['Date,USD,\n', 'holds no rates'],
  ])('refuses %j, saying why', (text, message) => {
    expect(() => parseEcbCsv(text)).toThrow(EcbFormatError);
    expect(() => parseEcbCsv(text)).toThrow(message);
  });
});

describe('converting to USD', () => {
  it.each([
    // 20.00 EUR at 1.1155 USD per euro.
    ['20.00', '1', '1.1155', '22.31'],
    // ¥1,500 at 160.78 yen and 1.1155 dollars per euro: 10.40702… dollars.
    ['1500.00', '160.78', '1.1155', '10.41'],
    // A refund rounds half away from zero too: -0.125 dollars is -0.13.
    ['-0.10', '1', '1.25', '-0.13'],
    ['-19.99', '0.83428', '1.1155', '-26.73'],
  ])('%s at %s per euro and %s USD per euro is %s', (amount, own, usd, expected) => {
    expect(convertToUsd(amount, own, usd)).toBe(expected);
  });
});

const KEY = 'rk_test_exchange_rates_read_only';
const standIn = useStripeStandIn({ [KEY]: 'read-only' }, { syncRetryBaseMs: 200 });
const { admin } = standIn;

let ecb: { url: string; requests: number; stop(): Promise<void> };
beforeAll(async () => {
  // The ECB's download: the history CSV in a zip, as https://www.ecb.europa.eu serves it.
  const body = zipSync({ 'eurofxref-hist.csv': strToU8(HISTORY) });
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'application/zip' });
    response.end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ecb = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-hist.zip`,
    get requests() {
      return requests;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => ecb.stop());

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('an account that settles in euros', () => {
  it('is converted at the ECB’s rate of each day, a weekend’s at Friday’s; a day without one is left out', async () => {
    expect(await loadEcbRates(admin.server.db, ecb.url)).toBe(10 * 30);
    expect(ecb.requests).toBe(1);
    expect(await admin.server.db.select().from(schema.exchangeRates)).toHaveLength(10 * 30);

    standIn.stripe.transactions.push(
      // Thursday 26 September 2024: 1.1155 USD per euro.
      {
        id: 'txn_eur_1',
        type: 'charge',
        amount: 2000,
        currency: 'eur',
        created: seconds('2024-09-26T10:00:00Z'),
        source: { id: 'ch_eur_1', amount: 2000, currency: 'eur' },
      },
      // Sunday 22 September: Friday the 20th's 1.1166.
      {
        id: 'txn_eur_2',
        type: 'charge',
        amount: 5000,
        currency: 'eur',
        created: seconds('2024-09-22T10:00:00Z'),
        source: { id: 'ch_eur_2', amount: 5000, currency: 'eur' },
      },
      // A refund on the 24th: 1.1133.
      {
        id: 'txn_eur_3',
        type: 'refund',
        amount: -1000,
        currency: 'eur',
        created: seconds('2024-09-24T10:00:00Z'),
        source: { id: 're_eur_3', amount: 1000, currency: 'eur' },
      },
      // Months before the snapshot: no rate, so listed and not stored.
      {
        id: 'txn_eur_4',
        type: 'charge',
        amount: 9900,
        currency: 'eur',
        created: seconds('2024-05-02T10:00:00Z'),
        source: { id: 'ch_eur_4', amount: 9900, currency: 'eur' },
      },
    );
    const connected = await admin.call('PUT', '/api/admin/connections/stripe', { apiKey: KEY });
    expect(connected.statusCode, connected.body).toBe(200);
    await waitFor('the backfill', async () => {
      const answer = (await admin.call('GET', '/api/admin/connections')).json();
      return answer.connections[0]?.status === 'ok';
    });
    const rows = await admin.server.db.select().from(schema.revenues);
    const row = (id: string) => rows.find((entry) => entry.externalId === id);
    expect(row('ch_eur_1')).toMatchObject({ amount: '22.31', currency: 'EUR', originalAmount: '20.00' });
    expect(row('ch_eur_2')).toMatchObject({ amount: '55.83', currency: 'EUR', originalAmount: '50.00' });
    expect(row('re_eur_3')).toMatchObject({ amount: '-11.13', currency: 'EUR', originalAmount: '-10.00' });
    expect(row('ch_eur_4')).toBeUndefined();
    const total = (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue;
    expect(total).toBe('67.01');
  });
});

describe('the admin’s upload of the ECB’s rates', () => {
  const upload = (file: string) => admin.call('PUT', '/api/admin/exchange-rates', { file });
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it.each([
    ['not base64 at all', 'a file', 'The file must be sent as base64.'],
    ['a file that is not the ECB’s', base64('name,amount\nx,1\n'), 'This is not the ECB'],
    ['a broken zip', Buffer.from('PK\u0003\u0004broken').toString('base64'), 'not a CSV or a zip'],
  ])('refuses %s with 400 on the file, storing nothing', async (_what, file, message) => {
    const before = (await admin.call('GET', '/api/admin/connections')).json().exchangeRates;
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.file).toContain(message);
    expect((await admin.call('GET', '/api/admin/connections')).json().exchangeRates).toEqual(before);
  });

  it('stores them and reads every history again, so a payment left out for want of a rate is counted', async () => {
    standIn.stripe.transactions.push({
      id: 'txn_eur_5',
      type: 'charge',
      amount: 2000,
      currency: 'eur',
      created: seconds('2024-08-01T10:00:00Z'),
      source: { id: 'ch_eur_5', amount: 2000, currency: 'eur' },
    });
    const lastSynced = async () =>
      (await admin.call('GET', '/api/admin/connections')).json().connections[0]?.lastSyncedAt as string;
    let before = await lastSynced();
    await admin.call('POST', '/api/admin/connections/stripe/sync');
    await waitFor('a sync without the rate', async () => (await lastSynced()) !== before);
    const totalNow = async () => (await call(admin.server.app, 'GET', '/api/revenue')).json().totalRevenue;
    expect(await totalNow()).toBe('67.01');
    // The payment of May left out above is listed in the Connections tab, with the reason.
    const skippedNow = async () => {
      const answer = (await admin.call('GET', '/api/admin/connections')).json();
      return {
        items: answer.skipped as { externalId: string; reason: string }[],
        counts: answer.skippedCounts,
      };
    };
    const waiting = await skippedNow();
    expect(waiting.items).toContainEqual(
      expect.objectContaining({
        provider: 'stripe',
        externalId: 'ch_eur_4',
        reason: expect.stringContaining('Settled in EUR: no ECB rate on 2024-05-02'),
      }),
    );
    expect(waiting.counts.stripe).toBe(waiting.items.length);
    // As a run before the incremental window would have listed August's payment too.
    await recordSkipped(
      admin.server.db,
      'stripe',
      [{ externalId: 'ch_eur_5', reason: 'Waiting for a rate.' }],
      new Date(),
    );

    // The ECB's history zipped, with the day of that payment (1 August 2024: 1.0789 USD per euro) in it.
    const zipped = zipSync({ 'eurofxref-hist.csv': strToU8(`${HISTORY}2024-08-01,1.0789,\n`) });
    before = await lastSynced();
    const requests = standIn.stripe.requests.length;
    const response = await upload(Buffer.from(zipped).toString('base64'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ stored: 10 * 30 + 1, newestDay: '2024-09-26', days: 11 });
    await waitFor('the re-read', async () => (await lastSynced()) !== before);
    // Read from the start: the first page asked for asks for no creation date.
    expect(
      standIn.stripe.requests
        .slice(requests)
        .some((line) => !line.includes('created') && !line.includes('starting_after')),
    ).toBe(true);
    // 20.00 EUR at 1.0789: 21.58 more.
    expect(await totalNow()).toBe('88.59');
    // Read again: August's payment is counted and not listed; May's still has no rate, and stays listed.
    expect((await skippedNow()).items.map((item) => item.externalId)).toEqual(['ch_eur_4']);
    expect((await admin.call('GET', '/api/admin/connections')).json().exchangeRates).toEqual({
      newestDay: '2024-09-26',
      days: 11,
    });
  });
});

describe('an import with payments in other currencies', () => {
  it('converts those the file gives no USD figure for at the ECB’s rate of their day, and lists those with none', async () => {
    const csv = [
      'identifier,created_at,total,refunded_amount,currency,status',
      // 10.00 GBP on 25 September 2024: 10 × 1.1194 ÷ 0.83653 = 13.38 USD.
      'ls_gbp_1,2024-09-25T10:00:00.000000Z,1000,0,GBP,paid',
      // ¥1,500 (yen have no minor unit) on 26 September 2024: 1500 × 1.1155 ÷ 160.78 = 10.41 USD.
      'ls_jpy_1,2024-09-26T10:00:00.000000Z,1500,0,JPY,paid',
      // Before the loaded rates: listed, not guessed.
      'ls_gbp_2,2024-01-10T10:00:00.000000Z,1000,0,GBP,paid',
    ].join('\n');
    const body = { provider: 'lemon-squeezy', source: 'passive', csv };
    const preview = await admin.call('POST', '/api/admin/revenue/imports', { ...body, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      add: 2,
      skipped: 1,
      total: '23.79',
      skippedReasons: [
        { line: 4, reason: expect.stringContaining('Paid in GBP: no ECB rate on 2024-01-10') },
      ],
    });
    const imported = await admin.call('POST', '/api/admin/revenue/imports', { ...body, dryRun: false });
    expect(imported.json()).toMatchObject({ added: 2, total: '23.79' });
    const rows = await admin.server.db.select().from(schema.revenues);
    expect(rows.find((row) => row.externalId === 'ls_gbp_1')).toMatchObject({
      amount: '13.38',
      currency: 'GBP',
      originalAmount: '10.00',
      provenance: 'import',
    });
    expect(rows.find((row) => row.externalId === 'ls_jpy_1')).toMatchObject({
      amount: '10.41',
      currency: 'JPY',
      originalAmount: '1500.00',
    });
  });
});
