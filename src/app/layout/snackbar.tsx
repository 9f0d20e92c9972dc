/** The toast: stays until closed, with an optional icon and a colour (info by default). */
import { useCallback, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio/vanilla';
import { closeSnackbar, useStores } from '../state/stores.tsx';
import { Icon } from './icon.tsx';

export function Snackbar({ closeLabel }: { closeLabel: string }) {
  const { snackbar } = useStores();
  // The message is replaced whole, never changed in place: following the one field is enough,
  // and leaves valtio's React bindings (and proxy-compare) out of every first load.
  const follow = useCallback((changed: () => void) => subscribe(snackbar, changed, true), [snackbar]);
  const message = useSyncExternalStore(
    follow,
    () => snackbar.message,
    () => snackbar.message,
  );
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {message ? (
        <div className={`snackbar snackbar--${message.color}`}>
          {message.prependIcon ? <Icon name={message.prependIcon} className="snackbar__icon" /> : null}
          <p className="snackbar__content">{message.content}</p>
          <button
            type="button"
            className="icon-button snackbar__close"
            aria-label={closeLabel}
            onClick={() => closeSnackbar(snackbar)}
          >
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
