/**
 * A value the client left out: the fields' messages then say it is required rather than invalid.
 * Shared by the field modules and, unlike them, not exported by the package.
 */
export const isMissing = (input: unknown) => input === undefined || input === null;
