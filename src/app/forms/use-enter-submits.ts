/**
 * Enter in a text field with suggestions (a datalist) sends its form in every engine. While WebKit (Safari) shows the
 * suggestions, the field's Enter only closes them: the form is not sent, and a visitor has to press Enter a second
 * time. These handlers send the form when an Enter was neither the browser's own submission nor the choice of a
 * suggestion (which changes the value, as it does everywhere: a chosen suggestion is searched with the next Enter).
 */
import { type KeyboardEvent, useCallback, useMemo, useRef } from 'react';

export interface EnterSubmitsHandlers {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onKeyPress(event: KeyboardEvent<HTMLInputElement>): void;
  onKeyUp(event: KeyboardEvent<HTMLInputElement>): void;
}

const isPlainEnter = (event: KeyboardEvent<HTMLInputElement>) =>
  event.key === 'Enter' && !event.nativeEvent.isComposing && !event.altKey && !event.ctrlKey && !event.metaKey;

export function useEnterSubmits(): EnterSubmitsHandlers {
  /** The value when Enter went down, while the browser has not sent the form for it; null otherwise. */
  const pending = useRef<string | null>(null);
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    pending.current = isPlainEnter(event) && !event.defaultPrevented ? event.currentTarget.value : null;
  }, []);
  // The browser sends the form itself from Enter's keypress; WebKit's open suggestions take the keydown, and no
  // keypress follows.
  const onKeyPress = useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') pending.current = null;
  }, []);
  const onKeyUp = useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    const valueAtEnter = pending.current;
    pending.current = null;
    if (event.key !== 'Enter' || valueAtEnter === null || valueAtEnter !== event.currentTarget.value) return;
    event.currentTarget.form?.requestSubmit();
  }, []);
  return useMemo(() => ({ onKeyDown, onKeyPress, onKeyUp }), [onKeyDown, onKeyPress, onKeyUp]);
}
