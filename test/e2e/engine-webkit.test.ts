import t from 'tap';
import { homepageInEngine } from '../helpers/homepage-in-engine.ts';

homepageInEngine(t, 'webkit');
