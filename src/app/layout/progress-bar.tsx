/** A thin bar at the top of the window while a navigation loads. */
import { useNavigation } from 'react-router';

export function ProgressBar({ label }: { label: string }) {
  const loading = useNavigation().state !== 'idle';
  // The native element, indeterminate (no value): how long a navigation takes is not known.
  return (
    <progress
      className={`progress-bar${loading ? ' progress-bar--active' : ''}`}
      aria-label={label}
      aria-hidden={!loading}
    />
  );
}
