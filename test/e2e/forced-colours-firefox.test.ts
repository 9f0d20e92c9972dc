/**
 * Forced colours in Firefox ESR (its "override the page's colours: always" preference), in a file of its own: Firefox
 * takes a while to start. See test/helpers/forced-colours.ts for what is checked, and why WebKit is not.
 */
import t from 'tap';
import { firefoxWithForcedColours, forcedColoursIn } from '../helpers/forced-colours.ts';

forcedColoursIn(t, 'firefox', firefoxWithForcedColours);
