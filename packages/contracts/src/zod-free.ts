/**
 * `@journey/contracts/constants`: the constants, enums and labels without any schema. The package
 * entry builds zod schemas at module level, which no bundler can drop; code that ships in the
 * landing page's first load imports from here so zod stays out of it.
 */
export * from './audit-groups';
export * from './audit-values';
export * from './badge';
export * from './embeds';
export * from './constants';
export * from './dates';
export * from './enums';
export * from './experiment-path';
export * from './factor-values';
export * from './feeds';
export * from './forecast';
export * from './ledger-chain';
export * from './format';
export * from './markup';
export * from './messages';
export * from './milestone-path';
export * from './open-data';
export * from './page-orders';
export * from './privacy-values';
export * from './records';
export * from './recurring-revenue';
export * from './revenue-series';
export * from './settings-values';
export * from './shown-money';
export * from './newsletter-archive-values';
export * from './newsletter-values';
export * from './webhook-values';
