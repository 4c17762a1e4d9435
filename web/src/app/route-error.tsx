// What a screen shows when it cannot be drawn — most often its code could not be downloaded (the network
// dropped before the app was kept for offline use): a plain sentence in the member's language and a way
// to try again, instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';

export function RouteError() {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="routeError.title" />
      </h1>
      <p className="mt-3 opacity-80">
        <FormattedMessage id="routeError.text" />
      </p>
      <button
        type="button"
        className="btn btn-primary mt-6 min-h-11"
        onClick={() => window.location.reload()}
      >
        <FormattedMessage id="routeError.reload" />
      </button>
    </section>
  );
}

interface State {
  error: unknown;
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, State> {
  override state: State = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  // Going to another screen draws it again: the error was this screen's.
  static getDerivedStateFromProps(props: { pathname: string }, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** The screens, or RouteError when one throws while it is drawn (its code did not download, a bug). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
