/**
 * Route code that loads on first use and survives a lost connection (issue 27): a page whose code
 * chunk cannot be fetched (the server is down, a phone between cells) shows, inside the role's
 * layout (header and navigation stay), that it loads once the connection returns, and it does so
 * by itself: the import is tried again when the server answers, without a reload.
 */
import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { probeServer } from '../api/client';
import { useServerUnreachable } from '../api/connection';
import { Alert } from './Alert';
import { t } from '../i18n/i18n';

/** Thrown for a page whose code did not load. */
class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page code did not load', { cause });
    this.name = 'PageLoadError';
  }
}

/** Stylesheets whose loading failed: removed so that the next try loads them (Vite skips a page's CSS that has a <link> already). */
function dropFailedStylesheets(): void {
  document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]').forEach((link) => {
    if (link.sheet === null) link.remove();
  });
}

/** The routes whose code failed to load: each entry starts its route afresh. */
const failedRoutes = new Set<() => void>();

/** Before a retry: every failed route fetches its code again on its next render. */
function renewFailedRoutes(): void {
  const renew = [...failedRoutes];
  failedRoutes.clear();
  renew.forEach((r) => r());
  dropFailedStylesheets();
}

/**
 * React.lazy keeps a failed import for good; this one is renewed by the boundary's retry, so the
 * next render fetches the code again (not at once: React renders a settled lazy again, and a new
 * import there would retry in a tight loop instead of showing the failure).
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (e) {
        failedRoutes.add(renew);
        throw new PageLoadError(e);
      }
    });
  let current = make();
  const renew = () => {
    current = make();
  };
  return function LazyRoute(props: P) {
    const Page = current;
    return <Page {...props} />;
  };
}

/** Waits for the server, then asks the boundary to try again (sooner the first times). */
function PageLoadRetry({ attempt, onRetry }: { attempt: number; onRetry: () => void }) {
  const unreachable = useServerUnreachable();
  useEffect(() => {
    void probeServer();
  }, []);
  useEffect(() => {
    if (unreachable) return; // the connection monitor asks every 2 s; this runs again when it answers
    const timer = window.setTimeout(onRetry, Math.min(1000 * 2 ** attempt, 15_000));
    return () => window.clearTimeout(timer);
  }, [unreachable, attempt, onRetry]);
  return (
    <div className="page-load-failed">
      {/* The page's own heading did not come with it: this state names itself (one h1 on every screen). */}
      <h1>{t('app.common.pageLoadFailedTitle')}</h1>
      <div role="status">
        <Alert status="warning">{t('app.common.pageLoadFailed')}</Alert>
      </div>
    </div>
  );
}

interface RouteBoundaryState {
  failed: 'load' | 'error' | null;
  attempt: number;
}

/**
 * The page part of a layout: a page whose code did not load waits for the connection and loads
 * again; any other error shows a calm message in the layout (header and navigation stay).
 */
export class RouteBoundary extends Component<{ children: ReactNode }, RouteBoundaryState> {
  override state: RouteBoundaryState = { failed: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<RouteBoundaryState> {
    return { failed: error instanceof PageLoadError ? 'load' : 'error' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (error instanceof PageLoadError) console.info('Page code did not load; trying again when the server answers', error.cause);
    else console.error('Unexpected error in the user interface', error, info.componentStack);
  }

  private readonly retry = () => {
    renewFailedRoutes();
    this.setState((s) => ({ failed: null, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed === 'load') return <PageLoadRetry attempt={this.state.attempt} onRetry={this.retry} />;
    if (this.state.failed === 'error') {
      return (
        <div className="page-load-failed">
          <h1>{t('app.common.unexpectedErrorTitle')}</h1>
          <Alert status="error">{t('app.common.unexpectedError')}</Alert>
        </div>
      );
    }
    return this.props.children;
  }
}
