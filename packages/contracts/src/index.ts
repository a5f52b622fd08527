// Must stay first: it configures zod before any schema below is built.
import './zod-setup';

export * from './auth';
export * from './badge';
export * from './constants';
export * from './enums';
export * from './enum-field';
export * from './errors';
export * from './experiments';
export * from './fields';
export * from './feeds';
export * from './format';
export * from './markup';
export * from './milestone-path';
export * from './milestones';
export * from './newsletter';
export * from './newsletter-values';
export * from './open-data';
export * from './page-orders';
export * from './records';
export * from './paging';
export * from './revenue';
export * from './revenue-series';
export * from './legal-defaults';
export * from './settings';
export * from './settings-defaults';
export * from './settings-values';
export * from './subscribers';
