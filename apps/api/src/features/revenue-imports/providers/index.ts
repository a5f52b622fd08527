import type { ImportProvider } from '@journey/contracts';
import type { ExportFormat } from '../format';
import { generic } from './generic';
import { gumroad } from './gumroad';
import { lemonSqueezy } from './lemon-squeezy';
import { paddle } from './paddle';
import { stripe } from './stripe';

export const EXPORT_FORMATS: Record<ImportProvider, ExportFormat> = {
  stripe,
  'lemon-squeezy': lemonSqueezy,
  paddle,
  gumroad,
  generic,
};
