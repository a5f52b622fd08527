import { z } from 'zod';

// Browsers run this site under a CSP without 'unsafe-eval'; zod's JIT probes `new Function`,
// which the browser reports as a violation. Interpreted parsing is plenty fast for forms.
// This module is imported first by the package entry, before any schema is built.
if ('document' in globalThis) z.config({ jitless: true });
