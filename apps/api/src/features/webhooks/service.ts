/** What the outgoing webhooks plugin decorates the instance with (docs/decisions/091-outgoing-webhooks.md). */
export interface OutgoingWebhooks {
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints on loopback and private addresses are allowed. */
  allowPrivate: boolean;
  /** A delivery was queued or re-sent: look now instead of at the next poll. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    outgoingWebhooks: OutgoingWebhooks;
  }
}
