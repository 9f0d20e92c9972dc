/**
 * Client state in valtio stores, created per request on the server and once in the
 * browser, and handed down by context: no visitor ever sees another visitor's state.
 */
import { createContext, type ReactNode, use } from 'react';
import { proxy } from 'valtio';
import { type AuthState, initialAuthState } from './auth-state.ts';

export type SnackbarColor = 'info' | 'success' | 'warning' | 'danger';

export interface SnackbarMessage {
  content: string;
  prependIcon?: 'check' | 'warning' | 'error';
  color: SnackbarColor;
}

export interface SnackbarState {
  message: SnackbarMessage | null;
}

export interface Stores {
  snackbar: SnackbarState;
  auth: AuthState;
}

export function createStores(): Stores {
  return { snackbar: proxy<SnackbarState>({ message: null }), auth: proxy<AuthState>(initialAuthState()) };
}

/** Shows a message until the visitor closes it. */
export function showSnackbar(
  store: SnackbarState,
  message: Omit<SnackbarMessage, 'color'> & { color?: SnackbarColor },
): void {
  store.message = { color: 'info', ...message };
}

export function closeSnackbar(store: SnackbarState): void {
  store.message = null;
}

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext value={stores}>{children}</StoresContext>;
}

export function useStores(): Stores {
  const stores = use(StoresContext);
  if (!stores) throw new Error('useStores needs a StoresProvider');
  return stores;
}
