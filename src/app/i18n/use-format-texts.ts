import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../route-data.ts';
import type { FormatTexts } from './format.ts';

/** Month names, date pattern and number marks of the page's language, from the root's texts. */
export function useFormatTexts(): FormatTexts {
  return (useRouteLoaderData('root') as RootData).ui;
}
