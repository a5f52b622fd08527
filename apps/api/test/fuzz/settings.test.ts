import { SETTINGS_WRITES, describeWriteFuzz } from './writes';

describeWriteFuzz('settings writes', SETTINGS_WRITES);
