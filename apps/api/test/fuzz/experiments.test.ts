import { EXPERIMENT_WRITES, describeWriteFuzz } from './writes';

describeWriteFuzz('experiments writes', EXPERIMENT_WRITES);
