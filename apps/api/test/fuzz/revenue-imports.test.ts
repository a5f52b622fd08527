import { describeWriteFuzz, IMPORT_WRITES } from './writes';

describeWriteFuzz('revenue imports', IMPORT_WRITES);
