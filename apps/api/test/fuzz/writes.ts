/**
 * Every write of the API as a fuzz target: REST paths (with their path ids) and tRPC mutations,
 * each with a valid body to mutate and the contract schema that says which inputs may succeed.
 */
import {
  broadcastIdInput,
  broadcastInput,
  experimentInput,
  experimentUpdateInput,
  idInput,
  loginInput,
  mailTokenInput,
  milestoneInput,
  milestoneUpdateInput,
  registerInput,
  revenueImportIdInput,
  revenueImportInput,
  revenueInput,
  revenueUpdateInput,
  settingsSchema,
  subscribeInput,
} from '@journey/contracts';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { z } from 'zod';
import { ADMIN } from '../helpers';
import {
  assertNoHarm,
  PROPERTY_TIMEOUT_MS,
  useFuzzServer,
  useFuzzStats,
  type FuzzServer,
  type FuzzStats,
} from './harness';
import {
  bodyCase,
  hostileCookie,
  hostileQuery,
  hostilePathId,
  jsonSeenByServer,
  NOT_JSON,
  type BodyCase,
} from './requests';

type Body = Record<string, unknown>;

export interface WriteEndpoint {
  label: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** `{id}` is the path id of REST updates and deletes. */
  path: string;
  trpc: boolean;
  /** `admin`: signed in for most runs, signed out for some; `anonymous`: never with the admin's cookie. */
  auth: 'admin' | 'anonymous';
  valid: Body;
  schema: z.ZodType;
}

interface WriteCase {
  body: BodyCase;
  id: string;
  query: string;
  signedIn: boolean;
  cookie: string | undefined;
}

const rest = (
  method: WriteEndpoint['method'],
  path: string,
  rest: Omit<WriteEndpoint, 'label' | 'method' | 'path' | 'trpc'>,
) => ({
  label: `${method} ${path}`,
  method,
  path,
  trpc: false,
  ...rest,
});

const trpc = (procedure: string, rest: Omit<WriteEndpoint, 'label' | 'method' | 'path' | 'trpc'>) => ({
  label: `tRPC ${procedure}`,
  method: 'POST' as const,
  path: `/api/trpc/${procedure}`,
  trpc: true,
  ...rest,
});

/** Create, update and delete of an admin entity, over REST and tRPC. */
export function entityWrites(entity: {
  restCreate: string;
  restAdmin: string;
  procedures: string;
  valid: Body;
  create: z.ZodType;
  update: z.ZodType;
}): WriteEndpoint[] {
  const admin = 'admin' as const;
  return [
    rest('POST', entity.restCreate, { auth: admin, valid: entity.valid, schema: entity.create }),
    rest('PUT', `${entity.restAdmin}/{id}`, { auth: admin, valid: entity.valid, schema: entity.update }),
    rest('DELETE', `${entity.restAdmin}/{id}`, { auth: admin, valid: {}, schema: idInput }),
    trpc(`${entity.procedures}.create`, { auth: admin, valid: entity.valid, schema: entity.create }),
    trpc(`${entity.procedures}.update`, {
      auth: admin,
      valid: { ...entity.valid, id: 1 },
      schema: entity.update,
    }),
    trpc(`${entity.procedures}.delete`, { auth: admin, valid: { id: 1 }, schema: idInput }),
  ];
}

export const REVENUE_WRITES = entityWrites({
  restCreate: '/api/revenue',
  restAdmin: '/api/admin/revenue',
  procedures: 'revenue',
  valid: { amount: '1250.50', source: 'ai', description: 'A fine entry', date: '2024-01-01' },
  create: revenueInput,
  update: revenueUpdateInput,
});

export const MILESTONE_WRITES = entityWrites({
  restCreate: '/api/milestones',
  restAdmin: '/api/admin/milestones',
  procedures: 'milestones',
  valid: {
    title: 'First sale',
    description: 'The first paying customer arrived',
    date: '2024-01-01',
    day: 10,
    isRevenue: 1,
    amount: '99.50',
  },
  create: milestoneInput,
  update: milestoneUpdateInput,
});

export const EXPERIMENT_WRITES = entityWrites({
  restCreate: '/api/experiments',
  restAdmin: '/api/admin/experiments',
  procedures: 'experiments',
  valid: {
    title: 'Lab',
    description: 'A good description',
    status: 'Active',
    projectCount: 3,
    imageUrl: '/images/lab.png',
  },
  create: experimentInput,
  update: experimentUpdateInput,
});

/** The whole record, small: the fuzz mutates one field at a time, so long texts only slow it down. */
const SETTINGS = {
  siteName: 'Solo Unicorn',
  productName: 'Unicorn',
  story: '> A quote\n\nThe *story*, with [a link](https://example.com).',
  contactEmail: 'owner@example.com',
  links: { twitter: 'https://x.com/owner', github: '', linkedin: '', youtube: '', podcast: '' },
  journeyStartDate: '2024-01-01',
  legal: { privacy: '# Privacy', terms: '# Terms', cookies: '# Cookies' },
};

export const SETTINGS_WRITES: WriteEndpoint[] = [
  rest('PUT', '/api/admin/settings', { auth: 'admin', valid: SETTINGS, schema: settingsSchema }),
  trpc('settings.update', { auth: 'admin', valid: SETTINGS, schema: settingsSchema }),
];

const SUBSCRIBER = { email: 'fan@example.com', consent: true };
const LOGIN = { username: ADMIN.username, password: ADMIN.password };
const REGISTER = { username: 'newcomer', password: 'secret12', email: 'newcomer@example.com' };
/** REST logout takes no input at all: any body the parser accepts may succeed. */
const anything = z.unknown();

export const SUBSCRIBER_WRITES: WriteEndpoint[] = [
  rest('POST', '/api/subscribers', { auth: 'anonymous', valid: SUBSCRIBER, schema: subscribeInput }),
  trpc('subscribers.subscribe', { auth: 'anonymous', valid: SUBSCRIBER, schema: subscribeInput }),
  trpc('subscribers.delete', { auth: 'admin', valid: { id: 1 }, schema: idInput }),
];

const BROADCAST = { subject: 'Day 1', body: 'The *first* day, with [a link](/milestones/1-day-one).' };
const TOKEN = { token: 'Zm9vYmFyLWEtdG9rZW4tdGhhdC1kb2VzLW5vdC1leGlzdA' };

/** The newsletter's writes: the admin's broadcasts, and the readers' links (no token matches one). */
export const NEWSLETTER_WRITES: WriteEndpoint[] = [
  rest('POST', '/api/admin/broadcasts', { auth: 'admin', valid: BROADCAST, schema: broadcastInput }),
  rest('PUT', '/api/admin/broadcasts/{id}', { auth: 'admin', valid: BROADCAST, schema: broadcastInput }),
  rest('POST', '/api/admin/broadcasts/{id}/send', { auth: 'admin', valid: {}, schema: broadcastIdInput }),
  rest('POST', '/api/subscribers/confirm', { auth: 'anonymous', valid: TOKEN, schema: mailTokenInput }),
  rest('POST', '/api/subscribers/unsubscribe', { auth: 'anonymous', valid: TOKEN, schema: mailTokenInput }),
  rest('POST', '/api/subscribers/erase', { auth: 'anonymous', valid: TOKEN, schema: mailTokenInput }),
];

const IMPORT = {
  provider: 'generic',
  source: 'ai',
  csv: 'date,amount,description,id\n2024-01-01,10.00,A fuzzed sale,fuzz-1\n',
  dryRun: true,
};

/** The provider imports (docs/decisions/044-provider-imports.md): the import, its preview and its undo. */
export const IMPORT_WRITES: WriteEndpoint[] = [
  rest('POST', '/api/admin/revenue/imports', { auth: 'admin', valid: IMPORT, schema: revenueImportInput }),
  rest('DELETE', '/api/admin/revenue/imports/{id}', {
    auth: 'admin',
    valid: {},
    schema: revenueImportIdInput,
  }),
  trpc('revenueImports.create', { auth: 'admin', valid: IMPORT, schema: revenueImportInput }),
];

/**
 * Signed out (with garbage cookies): a logout or a new login would end the session the file's
 * admin writes use. Login and register each cost a scrypt when valid, so they get a file each.
 */
export const LOGIN_WRITES: WriteEndpoint[] = [
  rest('POST', '/api/login', { auth: 'anonymous', valid: LOGIN, schema: loginInput }),
  trpc('auth.login', { auth: 'anonymous', valid: LOGIN, schema: loginInput }),
];

export const REGISTRATION_WRITES: WriteEndpoint[] = [
  rest('POST', '/api/register', { auth: 'anonymous', valid: REGISTER, schema: registerInput }),
  rest('POST', '/api/logout', { auth: 'anonymous', valid: {}, schema: anything }),
  trpc('auth.register', { auth: 'anonymous', valid: REGISTER, schema: registerInput }),
  trpc('auth.logout', { auth: 'anonymous', valid: {}, schema: z.void() }),
];

/** Mostly ids of rows that may exist, sometimes hostile ones. */
const pathId = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 40 }).map(String), weight: 4 },
  { arbitrary: hostilePathId, weight: 1 },
);

/** Bodies that carry an id (tRPC updates and deletes) start from ids of rows that may exist. */
function bodies(valid: Body): fc.Arbitrary<BodyCase> {
  if (!('id' in valid)) return bodyCase(valid);
  return fc.integer({ min: 1, max: 150 }).chain((id) => bodyCase({ ...valid, id }));
}

function writeCase(endpoint: WriteEndpoint): fc.Arbitrary<WriteCase> {
  return fc.record({
    body: bodies(endpoint.valid),
    id: pathId,
    query: fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: hostileQuery, weight: 1 }),
    // Four in five runs of an admin write are signed in; the others must all be refused.
    signedIn:
      endpoint.auth === 'admin' ? fc.integer({ min: 0, max: 4 }).map((n) => n > 0) : fc.constant(false),
    cookie: hostileCookie,
  });
}

/** The input the procedure sees: REST merges the path id over the body (or the query, for DELETE). */
function procedureInput(endpoint: WriteEndpoint, value: WriteCase): unknown {
  const seen = jsonSeenByServer(value.body);
  if (seen === NOT_JSON || !endpoint.path.includes('{id}')) return seen;
  let id: string;
  try {
    id = decodeURIComponent(value.id);
  } catch {
    return NOT_JSON;
  }
  if (endpoint.method === 'DELETE') return { id };
  if (seen === undefined || seen === null) return { id };
  if (typeof seen !== 'object' || Array.isArray(seen)) return seen;
  return { ...seen, id };
}

/** One test per endpoint: RUNS hostile requests, none of which may do harm. */
export function fuzzWrites(fuzz: FuzzServer, stats: FuzzStats, endpoints: WriteEndpoint[]): void {
  for (const endpoint of endpoints) {
    it(
      `${endpoint.label} survives hostile input`,
      () =>
        assertNoHarm(fuzz, {
          label: endpoint.label,
          stats,
          trpc: endpoint.trpc,
          arbitrary: writeCase(endpoint),
          request: (value) => ({
            method: endpoint.method,
            url: endpoint.path.replace('{id}', value.id) + (value.query ? `?${value.query}` : ''),
            ...(value.body.body === undefined ? {} : { body: value.body.body }),
            ...(value.body.contentType === undefined ? {} : { contentType: value.body.contentType }),
            ...(value.signedIn
              ? { cookie: fuzz.cookie }
              : value.cookie === undefined
                ? {}
                : { cookie: value.cookie }),
          }),
          mayAccept: (value) =>
            (value.signedIn || endpoint.auth !== 'admin') &&
            endpoint.schema.safeParse(procedureInput(endpoint, value)).success,
        }),
      PROPERTY_TIMEOUT_MS,
    );
  }
}

/** A whole fuzz file: its own server, one test per endpoint, and the counts printed at the end. */
export function describeWriteFuzz(title: string, endpoints: WriteEndpoint[]): void {
  const fuzz = useFuzzServer();
  const stats = useFuzzStats(`Fuzzed ${title}`);
  describe(`${title} under hostile input`, () => fuzzWrites(fuzz, stats, endpoints));
}
