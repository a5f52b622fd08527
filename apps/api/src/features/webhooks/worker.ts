import {
  claimNextWebhookDelivery,
  disableWebhookEndpoint,
  recordWebhookAttempt,
  type Database,
} from '@journey/db';
import type { FastifyBaseLogger } from 'fastify';
import { startJobLoop, type JobLoop } from '../jobs/job-loop';
import type { SecretBox } from '../connections/secret-box';
import { checkEndpointAddress, EndpointAddressError } from './address-guard';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './sender';

/**
 * The waits between tries, as the Standard Webhooks specification recommends: 5 seconds, 5 minutes,
 * 30 minutes, 2, 5, 10 and 10 hours; after the last, the delivery has failed (it can be re-sent).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A lease outlives the longest attempt; a worker that died leaves it to lapse, then it goes again. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;

export interface WebhookWorkerOptions {
  db: Database;
  box: SecretBox;
  now: () => Date;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  retryDelaysMs: readonly number[];
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * This process's webhook sender (docs/decisions/091-outgoing-webhooks.md): claims a due delivery,
 * checks its host's addresses again, posts it signed, and records the answer. A 2xx delivers it; a
 * 410 Gone also turns its endpoint off; anything else (a 3xx, which is never followed, a 4xx, a 5xx,
 * a network error, a refused address) is a failed attempt, tried again after the next wait.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): JobLoop {
  const { db, now, log } = options;

  async function turn(): Promise<boolean> {
    const claimed = await claimNextWebhookDelivery(db, now(), new Date(now().getTime() + LEASE_MS));
    if (!claimed) return false;
    const retry = (error: string, statusCode: number | null = null, response: string | null = null) => {
      const wait = options.retryDelaysMs[claimed.attempts - 1];
      return recordWebhookAttempt(
        db,
        claimed.id,
        wait === undefined
          ? { status: 'failed', statusCode, response, error }
          : {
              status: 'queued',
              statusCode,
              response,
              error,
              nextAttemptAt: new Date(now().getTime() + wait),
            },
        now(),
      );
    };
    let address;
    try {
      address = await checkEndpointAddress(claimed.url, options.allowPrivate);
    } catch (error) {
      if (!(error instanceof EndpointAddressError)) throw error;
      await retry(error.message);
      return true;
    }
    let answer;
    try {
      answer = await postWebhook({
        url: claimed.url,
        address,
        secret: options.box.open(claimed.secretSealed),
        messageId: claimed.messageId,
        body: JSON.stringify(claimed.payload),
        sentAt: now(),
      });
    } catch (error) {
      await retry(describe(error));
      return true;
    }
    const { statusCode, body } = answer;
    if (statusCode >= 200 && statusCode < 300) {
      await recordWebhookAttempt(
        db,
        claimed.id,
        { status: 'delivered', statusCode, response: body, error: null },
        now(),
      );
    } else if (statusCode === 410) {
      await recordWebhookAttempt(
        db,
        claimed.id,
        { status: 'failed', statusCode, response: body, error: 'The endpoint answered 410 Gone.' },
        now(),
      );
      await disableWebhookEndpoint(db, claimed.endpointId, 'The endpoint answered 410 Gone.', now());
      log.warn({ endpointId: claimed.endpointId }, 'a webhook endpoint answered 410 Gone; turned off');
    } else {
      const reason =
        statusCode >= 300 && statusCode < 400
          ? `The endpoint answered ${statusCode}; redirects are not followed.`
          : `The endpoint answered ${statusCode}.`;
      await retry(reason, statusCode, body);
    }
    return true;
  }

  return startJobLoop({ log, name: 'the webhook worker', turn });
}
