import { z } from 'zod';
import { DEFAULT_EXPERIMENT_IMAGE_URL, URL_MAX } from './constants';
import { hasNoNul } from './text-fields';

/** Said of an `http://` image: the page's CSP loads images over https only, as the Markdown does. */
export const IMAGE_NOT_HTTPS_MESSAGE =
  'Image must be an https:// address or a path on this site (/images/…).';

/** An image address: an absolute https URL, or a path on this site such as the seeded images. */
export function imageUrlField() {
  const message = 'Please enter a valid URL for the image.';
  return z
    .string({ error: message })
    .trim()
    .max(URL_MAX, message)
    .refine((value) => value === '' || !/^http:/i.test(value), IMAGE_NOT_HTTPS_MESSAGE)
    .refine((value) => value === '' || /^http:/i.test(value) || isImageAddress(value), message)
    .optional()
    .nullable()
    .transform((value) => (value ? value : DEFAULT_EXPERIMENT_IMAGE_URL));
}

/** An image address the experiment form accepts as typed (empty, meaning the default image, is not one). */
export function isImageAddress(value: string): boolean {
  const text = value.trim();
  return text !== '' && text.length <= URL_MAX && hasNoNul(text) && isImageUrl(text);
}

function isImageUrl(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    // http:// would be blocked by the page's CSP (img-src https:), so it is no image address here.
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
