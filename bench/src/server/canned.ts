/** One captured answer of the app, replayed byte for byte by the bare server: status, headers and body. */
export interface CannedResponse {
  method: string;
  path: string;
  status: number;
  /**
   * The answer's headers as sent, in order, but for those Node's server writes itself (`Date`,
   * `Connection`, `Keep-Alive`) and the framing (`Content-Length`, `Transfer-Encoding`), which the
   * bare server sets for its body.
   */
  headers: [name: string, value: string][];
  /** Base64, because the list travels to the bare server as JSON over IPC. */
  bodyBase64: string;
}

export const cannedKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
