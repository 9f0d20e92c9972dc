/**
 * In Firefox ESR, a few main templates (home, an article, contact) in both languages set their text in at most eight font
 * sizes per width, in the brand face, and the logo is drawn without text.
 */
import t from 'tap';
import { typeScaleInEngine } from '../helpers/type-scale-in-engine.ts';

t.setTimeout(360_000);
typeScaleInEngine(t, 'firefox', ['home', 'article', 'contact']);
