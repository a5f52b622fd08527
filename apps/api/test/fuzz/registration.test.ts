import { describeWriteFuzz, REGISTRATION_WRITES } from './writes';

describeWriteFuzz('registration and logout', REGISTRATION_WRITES);
