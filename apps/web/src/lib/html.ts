/** `&`, `<`, `>` and `"` as entities: text safe inside a double-quoted HTML attribute. */
export const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
