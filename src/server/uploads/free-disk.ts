/** Free space where uploads land, so applications stop before the disk the database shares fills up. */
import { statfs } from 'node:fs/promises';

/** Bytes an unprivileged process may still write in the folder's file system. */
export async function freeBytes(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
}
