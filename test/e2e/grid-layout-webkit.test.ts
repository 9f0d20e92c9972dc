import t from 'tap';
import { cardLayoutInEngine } from '../helpers/card-layout-in-engine.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

cardLayoutInEngine(t, 'webkit');
