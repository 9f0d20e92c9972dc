/**
 * How an operator runs one of the tools where this process runs, for usage lines and log
 * messages. A checkout runs them as `npm run NAME --`, which builds first; the image has no
 * scripts/ folder (nor the bundler those scripts call), only the built tools in dist/server/.
 * Both forms are relative to the working folder, as DIST_DIR, CONTENT_DIR and DATA_DIR are.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export type OperatorTool = 'submissions' | 'galaxy' | 'backup' | 'restore';

export function toolCommand(tool: OperatorTool, root: string = process.cwd()): string {
  return existsSync(path.join(root, 'scripts', `${tool}.mjs`)) ? `npm run ${tool} --` : `node dist/server/${tool}.js`;
}

/** What to do when the build output is missing: a checkout builds it; an image without it must be built again. */
export function missingBuildAdvice(root: string = process.cwd()): string {
  return existsSync(path.join(root, 'build.mjs'))
    ? 'run npm run build'
    : 'this image is incomplete: build the image again';
}
