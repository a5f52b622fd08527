// The app's own plugins: each decorates the instance or hooks every request.
export { default as audit } from './audit';
export { default as authenticate } from './authenticate';
export { default as cacheControl } from './cache-control';
export { default as config } from './config';
export { default as connections } from './connections';
export { default as crossSite } from './cross-site';
export { default as database } from './database';
export { default as errors } from './errors';
export { default as jsonBodies } from './json-bodies';
export { default as mail } from './mail';
export { default as requestId } from './logging';
export { default as secretBox } from './secret-box';
export { default as securityMail } from './security-mail';
export { default as publicCache } from './public-cache';
export { default as settings } from './settings';
export { default as trpcContext } from './trpc-context';
export { default as webBuild } from './web-build';
