const LONGEST = 48;

/** A value cut to a table cell's share: the CSV has it whole. */
const cut = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** A row's detail in a few words: `amount 12.50 · currency USD`, lists joined, nothing nested shown whole. */
export function summariseDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => {
      if (Array.isArray(value)) return `${key} ${cut(value.join(', '))}`;
      if (value !== null && typeof value === 'object') return key;
      return `${key} ${cut(String(value))}`;
    })
    .join(' · ');
}
