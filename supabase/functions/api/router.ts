// A tiny method + path router: each route is a few lines that call one function.
export type Params = Record<string, string>;
export type RouteHandler = (req: Request, params: Params) => Promise<Response> | Response;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: RouteHandler;
}

export class Router {
  #routes: Route[] = [];

  on(method: string, path: string, handler: RouteHandler): this {
    const keys: string[] = [];
    const pattern = new RegExp(
      '^' +
        path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
          keys.push(key);
          return '([^/]+)';
        }) +
        '/?$',
    );
    this.#routes.push({ method, pattern, keys, handler });
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
