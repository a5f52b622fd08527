import { z } from 'zod';
import { emailField, isoTimestamp } from './fields';

const CONSENT_MESSAGE = 'Please agree to receive updates.';

export const subscribeInput = z.object(
  {
    email: emailField(),
    consent: z
      .union([z.boolean(), z.literal(0), z.literal(1)], { error: CONSENT_MESSAGE })
      .refine((value) => value === true || value === 1, CONSENT_MESSAGE)
      .transform((): 1 => 1),
  },
  { error: 'Expected a JSON object.' },
);
export type SubscribeInput = z.input<typeof subscribeInput>;

/** The same answer whether the address was new or known: no address enumeration. */
export const subscribeResultSchema = z.object({ subscribed: z.literal(true) });

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  consent: z.union([z.literal(0), z.literal(1)]),
  createdAt: isoTimestamp,
});
export type Subscriber = z.infer<typeof subscriberSchema>;
