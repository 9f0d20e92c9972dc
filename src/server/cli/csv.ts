/** CSV as spreadsheets read it: quoted where needed, and no cell a spreadsheet would run as a formula. */
function cell(value: string): string {
  // Visitor input starting with = + - @ is shown as text, never evaluated.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
