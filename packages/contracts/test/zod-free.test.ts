import { describe, expect, it } from 'vitest';
import * as everything from '../src/index';
import * as zodFree from '../src/zod-free';

// That the subpath stays free of zod is checked where it matters: the browser suite's budget test
// fails if the landing page loads zod.
describe('@journey/contracts/constants', () => {
  it('exports constants of the package entry, and nothing else', () => {
    expect(Object.keys(zodFree).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(zodFree)) expect(everything).toHaveProperty(name, value);
  });
});
