export * from './client';
export * from './experiments';
export * from './milestones';
export * from './paging';
export * from './revenues';
export * from './session-store';
export * from './subscribers';
export * from './users';
export * as schema from './schema';
