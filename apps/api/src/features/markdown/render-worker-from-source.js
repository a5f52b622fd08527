// The render thread started from the TypeScript sources (tests, `pnpm dev`): a worker thread does not
// inherit tsx's loader, so it registers it first. The build bundles render-worker.ts to JS instead.
import { register } from 'tsx/esm/api';

register();
const { default: render } = await import('./render-worker.ts');
export default render;
