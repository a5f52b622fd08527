// Kept for pages/routes.ts, being rewritten on another branch: point its imports at ../http and delete this.
export * from '../http/origin';
