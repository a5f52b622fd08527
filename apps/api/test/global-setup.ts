import { ensureTestDatabaseReachable, prepareTestTemplate } from '@journey/db/testing';

export default async function setup() {
  await ensureTestDatabaseReachable('API tests');
  await prepareTestTemplate();
}
