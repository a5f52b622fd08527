import { ensureTestDatabaseReachable, prepareTestTemplate } from '../src/testing';

export default async function setup() {
  await ensureTestDatabaseReachable('database tests');
  await prepareTestTemplate();
}
