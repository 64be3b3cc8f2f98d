import { stringify, type Stringifier } from 'csv-stringify';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and the tab and carriage return that some
 * read before them, behind any invisible direction control) is prefixed with an apostrophe, as OWASP's CSV-injection advice says: the text stays
 * readable and is never evaluated.
 */
export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Invisible direction marks and isolates (a description's names sit between U+2068 and U+2069) are looked
  // past: some programs drop them on reading, and what follows would then lead the cell.
  return /^[\u200e\u200f\u2066-\u2069]*[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * An RFC 4180 writer (csv-stringify): CRLF line ends, fields with a comma, quote or line break quoted, quotes
 * doubled; a UTF-8 byte-order mark first so spreadsheet programs read accents right; the header row first.
 * Write each row with `writeRow`, which escapes every cell.
 */
export function csvWriter(header: readonly string[]): Stringifier {
  // A lone LF or CR is not the record delimiter (CRLF), so csv-stringify would leave it bare: quote it too.
  const writer = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  writer.write(header.map(safeCell));
  return writer;
}

export const csvRow = (cells: readonly (string | number | null | undefined)[]): string[] =>
  cells.map(safeCell);
