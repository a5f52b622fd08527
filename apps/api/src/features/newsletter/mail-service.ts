import type { MailDelivery } from '@journey/contracts';
import type { FastifyRequest } from 'fastify';

/** The mail service every procedure that queues mail uses (docs/decisions/040-newsletter-delivery.md). */
export interface MailService {
  delivery: MailDelivery;
  /** Tells this process's worker that mail was queued. */
  wake(): void;
  /** The origin a mail's links start with: PUBLIC_URL, else the one this request came to (outbox only). */
  linkOrigin(request: FastifyRequest): string;
}
