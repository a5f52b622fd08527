import { z } from 'zod';

/** Output of every timestamp: ISO 8601 in UTC. */
export const isoTimestamp = z.string().describe('ISO 8601 timestamp');
/** Output of every amount: a decimal string with two decimals. */
export const decimalString = z.string().describe('Decimal string with two decimals, e.g. "1234.50"');
