/**
 * In Firefox ESR and WebKit, a few main templates (home, an article, contact) in both languages set their text in at
 * most eight font sizes per width, in the brand face, and the logo is drawn without text.
 */
import t from 'tap';
import { typeScaleInEngine } from '../helpers/type-scale-in-engine.ts';

const TEMPLATES = ['home', 'article', 'contact'];

t.setTimeout(240_000);
typeScaleInEngine(t, 'firefox', TEMPLATES);
typeScaleInEngine(t, 'webkit', TEMPLATES);
