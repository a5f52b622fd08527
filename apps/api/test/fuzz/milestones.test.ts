import { MILESTONE_WRITES, describeWriteFuzz } from './writes';

describeWriteFuzz('milestones writes', MILESTONE_WRITES);
