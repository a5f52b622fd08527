/** The in-page sections the navigation links to (SPEC.md section 2). */
export const NAV_LINKS = [
  { label: 'Journey', href: '#journey' },
  { label: 'Milestones', href: '#milestones' },
  { label: 'AI Lab', href: '#lab' },
  { label: 'Contact', href: '#contact' },
] as const;
