/** Forced colours in Chromium (emulated through playwright-core): see test/helpers/forced-colours.ts for what is checked. */
import t from 'tap';
import { chromiumWithForcedColours, forcedColoursIn } from '../helpers/forced-colours.ts';

forcedColoursIn(t, 'chromium', chromiumWithForcedColours);
