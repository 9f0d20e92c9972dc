// The site's images for the build: every file of static/images copied under a versioned path
// (/img/{version}/...) that may be cached for a year, and every raster image also made in
// the widths of IMAGE_WIDTHS as AVIF, WebP and its own format, for srcset; SVG files also
// get brotli and gzip copies. Encodes are kept in node_modules/.cache by content, so a build
// re-encodes only images that changed.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import sharp from 'sharp';

/** Keep in step with src/app/images.ts, which writes the srcset from the same widths. */
export const IMAGE_WIDTHS = [480, 800, 1200];
const RASTER = /\.(jpe?g|png)$/i;
const ENCODERS = {
  avif: (image) => image.avif({ quality: 55, effort: 4 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
  png: (image) => image.png({ compressionLevel: 9, palette: true }),
};

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** 'a/b/image.jpg', 800, 'webp' → 'a/b/image-800.webp' */
export function variantPath(relative, width, format) {
  return `${relative.replace(RASTER, '')}-${width}.${format}`;
}

async function encodeCached(cacheDir, source, sourceHash, width, format, target) {
  const cached = path.join(cacheDir, `${sourceHash}-${width}.${format}`);
  const hit = await stat(cached).catch(() => null);
  if (!hit) {
    const output = await ENCODERS[format](sharp(source).resize({ width, withoutEnlargement: false })).toBuffer();
    await writeFile(cached, output);
  }
  await copyFile(cached, target);
}

/**
 * @param {{ sourceDir: string, outDir: string, cacheDir: string }} options
 * @returns {Promise<{ version: string, files: number, variants: number }>}
 */
export async function buildImages({ sourceDir, outDir, cacheDir }) {
  const files = await filesUnder(sourceDir);
  const contents = await Promise.all(files.map((file) => readFile(file)));
  const version = createHash('sha256');
  version.update(JSON.stringify(IMAGE_WIDTHS));
  files.forEach((file, index) => {
    version.update(`${path.relative(sourceDir, file)}\n`).update(contents[index]);
  });
  const versionId = version.digest('hex').slice(0, 10);
  const root = path.join(outDir, versionId);
  await mkdir(cacheDir, { recursive: true });

  let variants = 0;
  const problems = [];
  // A few at a time: the encoders use every core for one image already.
  const queue = files.map((file, index) => ({ file, content: contents[index] }));
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const relative = path.relative(sourceDir, item.file).split(path.sep).join('/');
      const target = path.join(root, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, item.content);
      if (/\.svg$/i.test(relative)) {
        // Served precompressed to browsers that take it, like the bundles.
        await writeFile(
          `${target}.br`,
          brotliCompressSync(item.content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${target}.gz`, gzipSync(item.content, { level: 9 }));
      }
      if (!RASTER.test(relative)) continue;
      const { width = 0 } = await sharp(item.content).metadata();
      if (width < IMAGE_WIDTHS.at(-1)) {
        problems.push(`${relative} is ${width} px wide; raster images need at least ${IMAGE_WIDTHS.at(-1)} px`);
        continue;
      }
      const sourceHash = createHash('sha256').update(item.content).digest('hex').slice(0, 20);
      const ownFormat = path.extname(relative).slice(1).toLowerCase();
      for (const width of IMAGE_WIDTHS) {
        for (const format of ['avif', 'webp', ownFormat]) {
          await encodeCached(
            cacheDir,
            item.content,
            sourceHash,
            width,
            format,
            path.join(root, variantPath(relative, width, format)),
          );
          variants += 1;
        }
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (problems.length) throw new Error(`Images that cannot be built:\n  ${problems.join('\n  ')}`);
  return { version: versionId, files: files.length, variants };
}
