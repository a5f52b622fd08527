import { CLOBBER_PREFIX } from './after-sanitize';
import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

/**
 * The allow-list every rendered Markdown passes (docs/decisions/038-markdown-rendering.md): GitHub's
 * (rehype-sanitize's `defaultSchema`: no `style`, no event handlers, classes only the fixed ones of
 * code languages, task lists and footnotes, every `id` and `name` prefixed), narrowed further: links only to http, https and mailto
 * addresses (or relative ones), images only from https addresses.
 */
export const SANITIZE_SCHEMA: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    // No `longDesc` (a second address to check) and no relative `src`: an image is https or nothing.
    img: ['alt', 'title', 'width', 'height', ['src', /^https:\/\//]],
  },
  clobberPrefix: CLOBBER_PREFIX,
  protocols: {
    href: ['http', 'https', 'mailto'],
    cite: ['http', 'https'],
    src: ['https'],
  },
};
