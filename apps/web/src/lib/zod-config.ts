import { z } from 'zod';

// Zod probes `new Function('')` to compile fast parsers; our CSP forbids eval, so the probe
// would be reported as a violation on every page. Interpreted parsing is plenty fast in forms.
z.config({ jitless: true });
