import { findUserById, type Database, type UserRow } from '@journey/db';
import type { FastifyRequest } from 'fastify';
import './session';

/** The signed-in user of a request, or null: the one check behind every protected call. */
export async function currentUser(request: FastifyRequest, db: Database): Promise<UserRow | null> {
  const userId = request.session?.userId;
  return typeof userId === 'number' ? findUserById(db, userId) : null;
}

/** What every refused protected call says, from tRPC, the REST adapter or a plain route. */
export const SIGN_IN_REQUIRED_MESSAGE = 'You must be signed in.';
