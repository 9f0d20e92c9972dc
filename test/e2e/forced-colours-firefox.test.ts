/**
 * Forced colours in Firefox ESR (its "override the page's colours: always" preference), in a file of its own: Firefox
 * takes a while to start. See test/helpers/forced-colours.ts for what is checked, and why WebKit is not.
 */
import t from 'tap';
import { firefoxWithForcedColours, forcedColoursIn } from '../helpers/forced-colours.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

forcedColoursIn(t, 'firefox', firefoxWithForcedColours);
