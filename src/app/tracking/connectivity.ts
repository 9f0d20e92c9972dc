/** Going offline or online is sent to the dataLayer and told to the visitor in the snackbar. */
import { useEffect } from 'react';
import { showSnackbar, useStores } from '../state/stores.tsx';
import { pushDataLayer } from './data-layer.ts';

export function useConnectivityNotice({ offline, online }: { offline: string; online: string }): void {
  const { snackbar } = useStores();
  useEffect(() => {
    const wentOffline = () => {
      pushDataLayer({ event: 'connection_change', connection: 'offline' });
      showSnackbar(snackbar, { content: offline, color: 'warning', prependIcon: 'warning' });
    };
    const cameBack = () => {
      pushDataLayer({ event: 'connection_change', connection: 'online' });
      showSnackbar(snackbar, { content: online, color: 'success', prependIcon: 'check' });
    };
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameBack);
    return () => {
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameBack);
    };
  }, [snackbar, offline, online]);
}
