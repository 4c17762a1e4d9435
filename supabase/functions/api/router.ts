// A tiny method + path router: each route is a few lines that call one function.
/** A route's path parameters by name: `Params<'id'>` for /api/invoices/:id. */
export type Params<K extends string = string> = Readonly<Record<K, string>>;
export type RouteHandler<K extends string = string> = (
  req: Request,
  params: Params<K>,
) => Promise<Response> | Response;
/** The names of a path's parameters: 'id' | 'memberId' for /api/organizations/:id/members/:memberId. */
type Keys<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | Keys<Rest>
  : P extends `${string}:${infer K}`
    ? K
    : never;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: RouteHandler;
}

export class Router {
  #routes: Route[] = [];

  /** A route; its handler is given the parameters its path names (a handler wanting others does not compile). */
  on<P extends string>(method: string, path: P, handler: RouteHandler<Keys<P>>): this {
    const keys: string[] = [];
    const pattern = new RegExp(
      '^' +
        path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
          keys.push(key);
          return '([^/]+)';
        }) +
        '/?$',
    );
    this.#routes.push({ method, pattern, keys, handler: handler as RouteHandler });
    return this;
  }

  /**
   * The handler for a request, or why there is none: 404 for an unknown path, 405 for a wrong method, 400
   * for a parameter whose percent-encoding is malformed (%E0%A4%A).
   */
  match(method: string, path: string): { handler: RouteHandler; params: Params } | 400 | 404 | 405 {
    let pathMatched = false;
    for (const route of this.#routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      try {
        const params = Object.fromEntries(route.keys.map((k, i) => [k, decodeURIComponent(m[i + 1]!)]));
        return { handler: route.handler, params };
      } catch {
        return 400;
      }
    }
    return pathMatched ? 405 : 404;
  }
}
