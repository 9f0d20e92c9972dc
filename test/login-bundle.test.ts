/** The Firebase SDK is never part of a page's first load: it sits in the chunk the login dropdown loads when first opened. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

interface Manifest {
  entryModules: string[];
  pages: Record<string, string[]>;
  lazy: Record<string, string[]>;
}

const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Manifest;
const source = (url: string) => readFileSync(path.join('dist/public', url), 'utf8');
/** Strings only the Firebase Auth SDK carries: its API host, its error prefix and its package name. */
const FIREBASE_MARKERS = [
  /identitytoolkit\.googleapis\.com/,
  /securetoken\.googleapis\.com/,
  /@firebase\/(auth|app)/,
  /FirebaseError/,
];
const hasFirebase = (url: string) => FIREBASE_MARKERS.some((marker) => marker.test(source(url)));

t.test('the homepage first load carries no Firebase code', async (t) => {
  const home = manifest.pages['src/app/pages/home.tsx'];
  t.ok(home, 'the homepage module is in the manifest');
  const firstLoad = [...manifest.entryModules, ...(home ?? [])];
  t.ok(firstLoad.length > 3);
  t.same(firstLoad.filter(hasFirebase), []);
});

t.test('no page module brings Firebase along', async (t) => {
  for (const [page, chunks] of Object.entries(manifest.pages)) t.same(chunks.filter(hasFirebase), [], page);
});

t.test('the login flow chunk, loaded on demand, is where Firebase is', async (t) => {
  const controller = manifest.lazy['src/app/login/login-controller.ts'];
  t.ok(controller?.length, 'the login flow is a chunk of its own');
  t.ok(controller!.some(hasFirebase), 'and it carries the SDK');
  const panel = manifest.lazy['src/app/login/login-panel.tsx'];
  t.ok(panel?.length, 'the card is a chunk of its own');
  t.same(
    panel!.filter(hasFirebase),
    [],
    'the card itself does not carry the SDK: without a configuration it is never loaded',
  );
});
