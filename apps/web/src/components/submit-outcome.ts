/** What a form learns from its submit: saved (reset the form) or not (keep the input, show field errors). */
export type SubmitOutcome = { saved: true } | { saved: false; errors: Record<string, string> };
