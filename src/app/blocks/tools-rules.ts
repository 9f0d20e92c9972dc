/** Tool entries arrive from the editors' export with empty rows; a tool needs at least a name to be shown. */
export interface ToolEntry {
  name: string;
  text: string;
}

export function withoutEmptyTools<T extends ToolEntry>(items: readonly T[]): T[] {
  return items.filter((item) => item.name.trim() !== '');
}
