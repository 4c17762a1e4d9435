// What a screen shows when it cannot be drawn — most often its code could not be downloaded (the network
// dropped before the app was kept for offline use): a plain sentence in the member's language and a way
// to try again, instead of the router's developer message.
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
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
