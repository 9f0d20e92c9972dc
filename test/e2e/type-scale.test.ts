/**
 * In Chromium at a phone's width, every main template (those of the contact sheet) in both languages sets its text in
 * at most eight font sizes, in the brand face, and the logo is drawn without text. The desktop width has its own file
 * (type-scale-desktop.test.ts), so each file stays short.
 */
import t from 'tap';
import { MAIN_TEMPLATES } from '../helpers/main-templates.ts';
import { PHONE, typeScaleInEngine } from '../helpers/type-scale-in-engine.ts';

t.setTimeout(240_000);
typeScaleInEngine(t, 'chromium', Object.keys(MAIN_TEMPLATES), [PHONE]);
