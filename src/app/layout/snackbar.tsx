/** The toast: stays until closed, with an optional icon and a colour (info by default). */
import { useSnapshot } from 'valtio';
import { closeSnackbar, useStores } from '../state/stores.tsx';
import { Icon } from './icon.tsx';

export function Snackbar({ closeLabel }: { closeLabel: string }) {
  const { snackbar } = useStores();
  const { message } = useSnapshot(snackbar);
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {message ? (
        <div className={`snackbar snackbar--${message.color}`}>
          {message.prependIcon ? <Icon name={message.prependIcon} className="snackbar__icon" /> : null}
          <p className="snackbar__content">{message.content}</p>
          <button type="button" className="icon-button snackbar__close" aria-label={closeLabel} onClick={() => closeSnackbar(snackbar)}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
