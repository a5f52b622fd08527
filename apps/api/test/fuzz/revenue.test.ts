import { REVENUE_WRITES, describeWriteFuzz } from './writes';

describeWriteFuzz('revenue writes', REVENUE_WRITES);
