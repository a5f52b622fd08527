import { auditRouter } from '../features/audit/router';
import { authRouter } from '../features/auth/router';
import { connectionsRouter } from '../features/connections/router';
import { costImportsRouter } from '../features/cost-imports/router';
import { costsRouter } from '../features/costs/router';
import { experimentsRouter } from '../features/experiments/router';
import { factorsRouter } from '../features/factors/router';
import { ledgerRouter } from '../features/ledger/router';
import { milestonesRouter } from '../features/milestones/router';
import { newsletterRouter } from '../features/newsletter/router';
import { newsletterArchiveRouter } from '../features/newsletter-archive/router';
import { newsletterAutomationRouter } from '../features/newsletter-automation/router';
import { newsletterDigestRouter } from '../features/newsletter-digest/router';
import { revenueRouter } from '../features/revenue/router';
import { revenueImportsRouter } from '../features/revenue-imports/router';
import { settingsRouter } from '../features/settings/router';
import { subscriberImportsRouter } from '../features/subscriber-imports/router';
import { subscribersRouter } from '../features/subscribers/router';
import { webhooksRouter } from '../features/webhooks/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  revenue: revenueRouter,
  revenueImports: revenueImportsRouter,
  milestones: milestonesRouter,
  experiments: experimentsRouter,
  subscribers: subscribersRouter,
  subscriberImports: subscriberImportsRouter,
  newsletter: newsletterRouter,
  newsletterArchive: newsletterArchiveRouter,
  newsletterAutomation: newsletterAutomationRouter,
  newsletterDigest: newsletterDigestRouter,
  settings: settingsRouter,
  connections: connectionsRouter,
  costs: costsRouter,
  costImports: costImportsRouter,
  ledger: ledgerRouter,
  factors: factorsRouter,
  audit: auditRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process with a request's context: the REST adapter and server rendering use it. */
export const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;
