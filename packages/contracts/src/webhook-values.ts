/**
 * Outgoing webhooks (docs/decisions/091-outgoing-webhooks.md): the events an endpoint may subscribe to
 * and a delivery's states, without zod (the admin tab's labels import them too).
 */
export const WEBHOOK_EVENTS = [
  'revenue.created',
  'revenue.corrected',
  'milestone.published',
  'experiment.changed',
  'subscriber.confirmed',
  'broadcast.sent',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'revenue.created': 'Revenue entry added',
  'revenue.corrected': 'Revenue entry corrected',
  'milestone.published': 'Milestone published',
  'experiment.changed': 'Experiment changed',
  'subscriber.confirmed': 'Subscriber confirmed',
  'broadcast.sent': 'Broadcast sent',
};

/** queued: waiting for its time; sending: leased by a worker; delivered: a 2xx; failed: out of tries. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The most endpoints one site keeps: each write fans out to every one of them. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
