/**
 * The Activity view's action groups (docs/decisions/088-audit-trail.md): each the prefixes of the
 * actions it holds, so a new action of an entity joins its group without a change here.
 */
export const AUDIT_ACTION_GROUPS = {
  'sign-in': ['sign-in.', 'sign-out', 'account.'],
  factors: ['factor.', 'password.'],
  sessions: ['session.', 'sessions.'],
  settings: ['settings.'],
  connections: ['connection.', 'webhook.'],
  newsletter: ['broadcast.', 'newsletter.', 'subscriber.'],
  imports: ['import.'],
  revenue: ['revenue.', 'ledger.'],
  costs: ['cost.'],
  milestones: ['milestone.'],
  experiments: ['experiment.'],
} as const satisfies Record<string, readonly string[]>;

export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;
export const AUDIT_ACTION_GROUP_NAMES = Object.keys(AUDIT_ACTION_GROUPS) as AuditActionGroup[];

export const AUDIT_GROUP_LABELS: Record<AuditActionGroup, string> = {
  'sign-in': 'Sign-ins',
  factors: 'Password and factors',
  sessions: 'Sessions',
  settings: 'Settings',
  connections: 'Connections',
  newsletter: 'Newsletter',
  imports: 'Imports',
  revenue: 'Revenue',
  costs: 'Costs',
  milestones: 'Milestones',
  experiments: 'Experiments',
};

export const isAuditActionGroup = (value: string): value is AuditActionGroup =>
  Object.hasOwn(AUDIT_ACTION_GROUPS, value);

/** Rows of the Activity view per page, and the most one request may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

/** The CSV export's columns, in order: the list's fields. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'action',
  'actor',
  'ip',
  'sessionId',
  'subject',
  'detail',
] as const;

/** The CSV export's address; the list's filters go in its query string. */
export const AUDIT_CSV_PATH = '/api/admin/audit.csv';

const WORDS: Record<string, string> = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'account.created': 'Account created',
  'session.ended': 'Session ended',
  'sessions.ended-others': 'Other sessions ended',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset (command line)',
  'factor.totp-setup-started': 'One-time codes setup started',
  'factor.totp-enrolled': 'One-time codes turned on',
  'factor.totp-removed': 'One-time codes turned off',
  'factor.required-changed': 'Second factor requirement changed',
  'factor.recovery-code-used': 'Recovery code used',
  'factor.passkey-setup-started': 'Passkey setup started',
  'factor.passkey-added': 'Passkey added',
  'factor.passkey-renamed': 'Passkey renamed',
  'factor.passkey-removed': 'Passkey removed',
  'factor.cleared': 'Factors cleared (command line)',
  'settings.saved': 'Settings saved',
  'settings.setup-dismissed': 'Setup checklist dismissed',
  'broadcast.sent': 'Broadcast sent',
  'broadcast.test-sent': 'Test broadcast sent',
  'broadcast.visibility-changed': 'Broadcast made private or public in the archive',
  'newsletter.outbox-cleared': 'Outbox cleared',
  'newsletter.welcome-saved': 'Welcome mail saved',
  'newsletter.digest-changed': 'Monthly digest turned on or off',
  'newsletter.digest-drafted': 'Monthly digest drafted',
  'import.revenue': 'Revenue imported',
  'import.cost': 'Costs imported',
  'import.subscriber': 'Subscribers imported',
  'import.undone': 'Import undone',
  'ledger.revealed': 'Ledger row revealed',
  'experiment.rules-replaced': 'Experiment rules replaced',
  'connection.schedule-changed': 'Sync schedule changed',
  'connection.rates-uploaded': 'Exchange rates uploaded',
  'webhook.resent': 'Webhook delivery re-sent',
};

const VERBS: Record<string, string> = {
  created: 'added',
  updated: 'edited',
  deleted: 'deleted',
  undone: 'change undone',
  synced: 'sync requested',
};

const NOUNS: Record<string, string> = {
  revenue: 'Revenue entry',
  cost: 'Cost',
  milestone: 'Milestone',
  experiment: 'Experiment',
  subscriber: 'Subscriber',
  broadcast: 'Broadcast',
  connection: 'Connection',
  webhook: 'Webhook endpoint',
};

/** An action in words for the Activity view: `revenue.created` is "Revenue entry added". */
export function auditActionWords(action: string): string {
  const known = WORDS[action];
  if (known) return known;
  const [entity = '', verb = ''] = action.split('.');
  const noun = NOUNS[entity];
  const done = VERBS[verb];
  return noun && done ? `${noun} ${done}` : action;
}
