/** One captured answer of the app, replayed byte for byte by the bare server. */
export interface CannedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string;
  /** Base64, because the list travels to the bare server as JSON over IPC. */
  bodyBase64: string;
}

export const cannedKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
