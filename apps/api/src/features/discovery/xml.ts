import { escapeMarkup } from '@journey/contracts';

/** `<name>text</name>` with the text escaped. */
export function element(name: string, text: string): string {
  return `<${name}>${escapeMarkup(text)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
