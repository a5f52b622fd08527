import { describeWriteFuzz, LOGIN_WRITES } from './writes';

describeWriteFuzz('login', LOGIN_WRITES);
