/** Shows whether pushed updates arrive live or the screen refreshes by polling. */
import { useSocket } from '../api/socket';
import { TEXTS } from '../texts';

export function LiveIndicator() {
  const { connected } = useSocket();
  return (
    <span
      className={`live-indicator ${connected ? 'live-indicator--live' : 'live-indicator--polling'}`}
      aria-live="polite"
      data-testid="live-indicator"
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      {connected ? TEXTS.live.connected : TEXTS.live.polling}
    </span>
  );
}
