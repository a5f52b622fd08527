// Other people's Fastify plugins, each with this app's options.
export { default as compress } from './compress';
export { default as etag } from './etag';
export { default as helmet } from './helmet';
export { default as rateLimit } from './rate-limit';
export { default as session } from './session';
export { default as staticFiles } from './static-files';
