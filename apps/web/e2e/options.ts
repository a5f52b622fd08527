/** The suite's own project options: playwright.config.ts sets them for each project. */
export interface E2EOptions {
  /**
   * A server with a database of its own, for the specs that need one nobody else writes to
   * (the first-account registration and the empty states); one per project.
   */
  freshBaseURL: string;
}
