/** The in-page sections the navigation links to (docs/product.md#pages). */
export const NAV_LINKS = [
  { label: 'Journey', href: '#journey' },
  { label: 'Milestones', href: '#milestones' },
  { label: 'AI Lab', href: '#lab' },
  { label: 'Contact', href: '#contact' },
] as const;
