/** Forced colours in Chromium (emulated through playwright-core): see test/helpers/forced-colours.ts for what is checked. */
import t from 'tap';
import { chromiumWithForcedColours, forcedColoursIn } from '../helpers/forced-colours.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

forcedColoursIn(t, 'chromium', chromiumWithForcedColours);
