import { z } from 'zod';
import { isoTimestamp } from './output-fields';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from './webhook-values';

/** docs/decisions/091-outgoing-webhooks.md */

const eventField = z.enum(WEBHOOK_EVENTS, {
  error: `Must be one of: ${WEBHOOK_EVENTS.join(', ')}.`,
});

const urlField = z
  .string({ error: 'Enter the endpoint’s URL.' })
  .trim()
  .min(1, 'Enter the endpoint’s URL.')
  .max(MAX_WEBHOOK_URL_LENGTH, `At most ${MAX_WEBHOOK_URL_LENGTH} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// URL.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'A URL with a user name or password is not accepted.');

export const webhookEndpointInput = z.object(
  {
    url: urlField,
    events: z
      .array(eventField, { error: 'Pick at least one event.' })
      .min(1, 'Pick at least one event.')
      .transform((events) => [...new Set(events)] as WebhookEvent[]),
    enabled: z.boolean({ error: 'Must be true or false.' }).default(true),
  },
  { error: 'Expected a JSON object.' },
);
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

export const webhookEndpointIdInput = z.object({ id: z.coerce.number().int().positive() });

export const webhookEndpointUpdateInput = webhookEndpointInput.extend({
  id: z.coerce.number().int().positive(),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the endpoint was turned off by itself (a 410 Gone), else null. */
  disabledReason: z.string().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a create: the only time the signing secret is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('The signing secret (whsec_…): shown this once, keep it'),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  eventType: z.enum(WEBHOOK_EVENTS),
  messageId: z.string().describe('The webhook-id header: the same on every retry and resend'),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: isoTimestamp.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastResponse: z.string().nullable().describe('The start of the last response’s body'),
  lastError: z.string().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
