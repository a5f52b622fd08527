import { prepareTestTemplate, testDatabaseUrl } from '@journey/db/testing';

export default async function setup() {
  console.log(testDatabaseUrl() ? 'API tests on PostgreSQL (TEST_DATABASE_URL)' : 'API tests on PGlite');
  await prepareTestTemplate();
}
