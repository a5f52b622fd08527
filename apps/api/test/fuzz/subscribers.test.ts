import { SUBSCRIBER_WRITES, describeWriteFuzz } from './writes';

describeWriteFuzz('subscribers writes', SUBSCRIBER_WRITES);
