import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';

/** One record of the file and the physical line it starts on (the header is line 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A file the CSV parser cannot read (an unclosed quote), at the line where it gave up. */
export class MalformedCsvError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** Slices of the text fed to the parser, so it never holds the event loop for the whole file. */
const SLICE_CHARS = 64 * 1024;
/** Records read between two turns of the event loop. */
const ROWS_PER_TURN = 2_000;
const LINE_BREAK = /\r\n|\r|\n/g;

function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length; start += SLICE_CHARS) yield text.slice(start, start + SLICE_CHARS);
}

/**
 * The records of a CSV text (csv-parse: BOM, CRLF, quoted fields with commas and line breaks), blank
 * lines included as one empty cell. Line numbers are counted from each record's raw text, since
 * csv-parse's own `info.lines` counts a quoted CRLF twice.
 */
export async function* csvRows(text: string): AsyncGenerator<CsvRow> {
  const parser = Readable.from(slices(text)).pipe(parse({ bom: true, raw: true, relax_column_count: true }));
  let line = 1;
  let read = 0;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      yield { line, cells: record };
      line += raw.match(LINE_BREAK)?.length ?? 0;
      if (++read % ROWS_PER_TURN === 0) await nextTurn();
    }
  } catch (error) {
    // The parser may fail before handing over the records it read: its own count names the line.
    if (error instanceof CsvError)
      throw new MalformedCsvError(
        typeof error.lines === 'number' && error.lines > 0 ? error.lines : line,
        error.message,
      );
    throw error;
  }
}

export const isBlank = (row: CsvRow) => row.cells.every((cell) => cell.trim() === '');
