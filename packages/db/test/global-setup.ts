import { prepareTestTemplate, testDatabaseUrl } from '../src/testing';

export default async function setup() {
  console.log(
    testDatabaseUrl() ? 'database tests on PostgreSQL (TEST_DATABASE_URL)' : 'database tests on PGlite',
  );
  await prepareTestTemplate();
}
