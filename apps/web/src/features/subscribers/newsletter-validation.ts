import { subscribeInput } from '@journey/contracts';
import { schemaResolver } from '@mantine/form';

/** The sign-up's rules: the contracts' schema (so zod), loaded only once the visitor uses the form. */
export const validateNewsletter = schemaResolver(subscribeInput, { sync: true });
