import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './Alert';
import { t } from '../i18n/i18n';

interface State {
  failed: boolean;
}

/** Last line of defence: a programming error (e.g. an unknown user level) shows a calm message. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected error in the user interface', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page--narrow" id="main">
        <Alert status="error">{t('app.common.unexpectedError')}</Alert>
        <p>
          <a href="/">{t('app.notFound.link')}</a>
        </p>
      </main>
    );
  }
}
