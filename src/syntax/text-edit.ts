/** The file's line ending. */
export function eolOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** Inserts `insertion` at `position`: edits only ever add text, so untouched lines stay as they are. */
export function insertAt(text: string, position: number, insertion: string): string {
  return `${text.slice(0, position)}${insertion}${text.slice(position)}`;
}
