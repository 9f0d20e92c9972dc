import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../routes.tsx';
import type { DateTexts } from './format.ts';

/** The month names and date pattern of the page's language, from the root's texts. */
export function useDateTexts(): DateTexts {
  return (useRouteLoaderData('root') as RootData).ui;
}
