import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { vi } from 'vitest';

/** One procedure's answer inside a tRPC batch response. */
export type TrpcAnswer =
  | { data: unknown }
  | {
      error: {
        message: string;
        code: TRPC_ERROR_CODE_KEY;
        httpStatus: number;
        errors?: Record<string, string>;
      };
    };

/** A fixed answer, or a function of the procedure's input (it may return a promise to hold the call open). */
export type TrpcHandler = TrpcAnswer | ((input: unknown) => TrpcAnswer | Promise<TrpcAnswer>);

export const ok = (data: unknown): TrpcAnswer => ({ data });

export const fail = (
  code: TRPC_ERROR_CODE_KEY,
  httpStatus: number,
  message: string,
  errors?: Record<string, string>,
): TrpcAnswer => ({ error: { code, httpStatus, message, ...(errors ? { errors } : {}) } });

/** An answer the test gives by hand: `handler` holds the call open until `answer`, to observe a pending call. */
export function heldAnswer() {
  let answer: (value: TrpcAnswer) => void = () => {};
  const promise = new Promise<TrpcAnswer>((done) => {
    answer = done;
  });
  return { handler: () => promise, answer };
}

/** The envelope the API's error formatter sends (apps/api/src/trpc/init.ts). */
function envelope(answer: TrpcAnswer, path: string) {
  if ('data' in answer) return { result: { data: answer.data } };
  const { message, code, httpStatus, errors } = answer.error;
  return {
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus, path, errors },
      ...(errors ? { errors } : {}),
    },
  };
}

export interface TrpcCall {
  url: string;
  method: string;
  procedures: string[];
  inputs: unknown[];
}

/** One mutation sent alone, as the batch link sends it: a POST to `/api/trpc/<procedure>?batch=1`. */
export const mutationCall = (procedure: string, input: unknown): TrpcCall => ({
  url: `/api/trpc/${procedure}?batch=1`,
  method: 'POST',
  procedures: [procedure],
  inputs: [input],
});

/** The calls that include `procedure`. */
export const callsTo = (calls: TrpcCall[], procedure: string) =>
  calls.filter((call) => call.procedures.includes(procedure));

/**
 * A `fetch` stand-in that answers the tRPC batch link like the API does: it splits
 * `/api/trpc/a,b?batch=1`, reads the inputs from `?input=` (GET) or the JSON body (POST)
 * and answers a JSON array in the same order. Unknown procedures fail the test loudly.
 */
export function createTrpcFetch(handlers: Record<string, TrpcHandler>) {
  const calls: TrpcCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const prefix = '/api/trpc/';
    if (!url.pathname.startsWith(prefix)) throw new Error(`Unexpected fetch to ${String(input)}`);
    const procedures = decodeURIComponent(url.pathname.slice(prefix.length)).split(',');
    const rawInputs =
      method === 'GET' ? url.searchParams.get('input') : typeof init?.body === 'string' ? init.body : null;
    const byIndex = (rawInputs ? JSON.parse(rawInputs) : {}) as Record<string, unknown>;
    const inputs = procedures.map((_, index) => byIndex[String(index)]);
    calls.push({ url: `${url.pathname}${url.search}`, method, procedures, inputs });

    const answers = await Promise.all(
      procedures.map(async (path, index) => {
        const handler = handlers[path];
        if (!handler) throw new Error(`No stub for tRPC procedure ${path}`);
        return typeof handler === 'function' ? handler(inputs[index]) : handler;
      }),
    );
    const statuses = answers.map((answer) => ('data' in answer ? 200 : answer.error.httpStatus));
    const status = statuses.every((code) => code === statuses[0]) ? (statuses[0] ?? 200) : 207;
    const body = answers.map((answer, index) => envelope(answer, procedures[index] ?? ''));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchMock, calls };
}
