import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { CheckedAddress } from './address-guard';

/** docs/decisions/091-outgoing-webhooks.md: one attempt at one message, as Standard Webhooks says. */

/** A receiver has this long to answer, headers and body. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a response's body, in characters; the rest is not even read. */
export const WEBHOOK_RESPONSE_KEEP = 2048;

export interface WebhookMessage {
  url: string;
  /** The address checked for this URL's host: the request connects there and nowhere else. */
  address: CheckedAddress;
  secret: string;
  messageId: string;
  body: string;
  sentAt: Date;
}

export interface WebhookResponse {
  statusCode: number;
  body: string;
}

/** The request's headers: the three of the specification, signed with the endpoint's secret. */
export function webhookHeaders(message: Omit<WebhookMessage, 'url' | 'address'>): Record<string, string> {
  const signature = new Webhook(message.secret).sign(message.messageId, message.sentAt, message.body);
  return {
    'content-type': 'application/json',
    'user-agent': 'journey-webhooks/1',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(message.sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/**
 * POSTs the message. Resolves with the status and the start of the body, whatever the status (a 3xx is
 * not followed: node's client never follows redirects); rejects on a network error or the timeout.
 */
export function postWebhook(message: WebhookMessage): Promise<WebhookResponse> {
  const url = new URL(message.url);
  const client = url.protocol === 'https:' ? https : http;
  // The name keeps its place in the Host header and TLS's server name; only the connect is pinned.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) {
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: message.address.address, family: message.address.family },
      ]);
    } else {
      callback(null, message.address.address, message.address.family);
    }
  };
  const body = Buffer.from(message.body, 'utf8');
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...webhookHeaders(message), 'content-length': String(body.length) },
        lookup: pinned,
        timeout: WEBHOOK_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          kept += chunk;
          if (kept.length >= WEBHOOK_RESPONSE_KEEP) {
            // Enough: a receiver's long answer is not read to its end.
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
        function finish() {
          clearTimeout(deadline);
          resolve({ statusCode: response.statusCode ?? 0, body: kept.slice(0, WEBHOOK_RESPONSE_KEEP) });
        }
      },
    );
    // `timeout` is idle time on the socket; this bounds the whole exchange.
    const deadline = setTimeout(() => request.destroy(new Error('timed out')), WEBHOOK_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}
