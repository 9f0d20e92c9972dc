/** A thin bar at the top of the window while a navigation loads. */
import { useNavigation } from 'react-router';

export function ProgressBar({ label }: { label: string }) {
  const loading = useNavigation().state !== 'idle';
  return (
    <div
      className={`progress-bar${loading ? ' progress-bar--active' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-hidden={!loading}
      aria-busy={loading}
    />
  );
}
