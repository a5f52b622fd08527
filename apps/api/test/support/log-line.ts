/** A line of the server's JSON log, as the tests read it. */
export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  err?: { message: string; cause?: unknown };
  signal?: string;
}

/** The JSON lines of a log's text. */
export const parseLogLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
