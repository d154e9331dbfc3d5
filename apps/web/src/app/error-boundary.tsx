// Crash handling (SPEC §2): a render error shows the CrashScreen ('Something went wrong', 'Try Again').
// Try Again re-renders the page; leaving the page also clears the error. Route errors (a chunk that
// failed to load) show the same screen, and Try Again reloads.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen, NotFoundPage } from '../features/errors/index.ts';

type Props = { children: ReactNode; resetKey?: string; onRetry?: () => void };
type State = { error: unknown; key: string | undefined };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Zan crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <CrashScreen
          onRetry={() => {
            this.props.onRetry?.();
            this.setState({ error: null });
          }}
        />
      );
    }
    return this.props.children;
  }
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('Zan route error', error);
  return <CrashScreen onRetry={() => window.location.reload()} />;
}
