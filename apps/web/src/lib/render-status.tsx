import { createContext, useContext } from 'react';

/** Lets a page rendered on the server set the HTTP status (the not-found page says 404). */
const RenderStatusContext = createContext<((code: number) => void) | null>(null);

export const RenderStatusProvider = RenderStatusContext.Provider;

export function useRenderStatus(code: number): void {
  useContext(RenderStatusContext)?.(code);
}
