import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROW_CHARS } from '@journey/contracts';
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

/** A turn of the event loop after each slice: one long record, which emits no row, cannot hold it either. */
async function* slices(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += SLICE_CHARS) {
    yield text.slice(start, start + SLICE_CHARS);
    await nextTurn();
  }
}

const TOO_LONG = `the row is longer than ${IMPORT_MAX_ROW_CHARS.toLocaleString('en-US')} characters; is this the provider's CSV export?`;
const TOO_WIDE = `the row has more than ${IMPORT_MAX_COLUMNS.toLocaleString('en-US')} columns.`;

class RowBoundError extends Error {}

/** A record as csv-parse hands it on with `raw` (to `on_record` too, whose types say the record alone). */
interface RawRecord {
  record: string[];
  raw: string;
}

/**
 * Stops at the first record with too many cells, before it is handed on. csv-parse bounds a record's
 * characters (`max_record_size`) but not its cells, and empty cells add no characters.
 */
function boundColumns(row: RawRecord): RawRecord {
  if (row.record.length > IMPORT_MAX_COLUMNS) throw new RowBoundError(TOO_WIDE);
  return row;
}

/**
 * The records of a CSV text (csv-parse: BOM, CRLF, quoted fields with commas and line breaks), blank
 * lines included as one empty cell. Line numbers are counted from each record's raw text, since
 * csv-parse's own `info.lines` counts a quoted CRLF twice.
 */
export async function* csvRows(text: string): AsyncGenerator<CsvRow> {
  const parser = Readable.from(slices(text)).pipe(
    parse({
      bom: true,
      raw: true,
      relax_column_count: true,
      max_record_size: IMPORT_MAX_ROW_CHARS,
      on_record: boundColumns as unknown as (record: string[]) => string[],
    }),
  );
  let line = 1;
  let read = 0;
  try {
    for await (const { record, raw } of parser as AsyncIterable<RawRecord>) {
      yield { line, cells: record };
      line += raw.match(LINE_BREAK)?.length ?? 0;
      if (++read % ROWS_PER_TURN === 0) await nextTurn();
    }
  } catch (error) {
    // The parser may fail before handing over the records it read: its own count names the line.
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE')
      throw new MalformedCsvError(line, TOO_LONG);
    if (error instanceof RowBoundError) throw new MalformedCsvError(line, error.message);
    if (error instanceof CsvError)
      throw new MalformedCsvError(
        typeof error.lines === 'number' && error.lines > 0 ? error.lines : line,
        error.message,
      );
    throw error;
  }
}

export const isBlank = (row: CsvRow) => row.cells.every((cell) => cell.trim() === '');
