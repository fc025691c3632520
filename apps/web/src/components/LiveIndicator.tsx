/**
 * Shows whether pushed updates arrive live, the screen refreshes by polling, or the server cannot be reached: an icon
 * whose shape tells the state, with its words (on a phone only for screen readers and as its title).
 */
import { useConnectionMonitor } from '../api/connection-monitor';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/app';

export function LiveIndicator() {
  const { connected, unreachable } = useConnectionMonitor();
  const state = unreachable ? 'offline' : connected ? 'live' : 'polling';
  const text = unreachable ? t('app.live.offline') : connected ? t('app.live.connected') : t('app.live.polling');
  return (
    <span className={`live-indicator live-indicator--${state}`} aria-live="polite" title={text} data-testid="live-indicator">
      <span className="live-indicator__dot" aria-hidden="true" />
      <span className="live-indicator__text">{text}</span>
    </span>
  );
}
