import t from 'tap';
import { cardLayoutInEngine } from '../helpers/card-layout-in-engine.ts';

cardLayoutInEngine(t, 'webkit');
