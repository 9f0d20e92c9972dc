/** The client build's manifest: which hashed files the entry and each page module need. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface BuildManifest {
  /** URL of the client entry module. */
  entry: string;
  /** Modules the entry imports statically, the entry included. */
  entryModules: string[];
  css: string[];
  /** Per page module source file: its chunk and the chunks it imports that the entry does not. */
  pages: Record<string, string[]>;
}

export const MANIFEST_FILE = 'manifest.json';

export async function readManifest(distDir: string): Promise<BuildManifest> {
  const file = path.join(distDir, MANIFEST_FILE);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new Error(`The client build is missing or unreadable (${file}); run npm run build`, { cause: error });
  }
}
