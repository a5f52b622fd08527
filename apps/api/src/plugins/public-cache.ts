// Kept for pages/routes.ts, being rewritten on another branch: point its imports at ../http and delete this.
export * from '../http/public-cache';
export * from '../http/send-cached';
