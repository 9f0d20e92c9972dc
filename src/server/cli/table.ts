/** Rows as aligned columns for a terminal, the header first. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]!.length)));
  return [header, ...rows]
    .map((cells) =>
      cells
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
