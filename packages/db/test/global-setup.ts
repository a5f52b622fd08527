import { ensureTestDatabaseReachable, prepareTestTemplate } from '../test-support/test-database';

export default async function setup() {
  await ensureTestDatabaseReachable('database tests');
  await prepareTestTemplate();
}
