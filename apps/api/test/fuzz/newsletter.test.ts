import { describeWriteFuzz, NEWSLETTER_WRITES } from './writes';

describeWriteFuzz('newsletter writes', NEWSLETTER_WRITES);
