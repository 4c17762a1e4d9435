// The part of Go's html/template that supabase/templates/*.html use, so the local Auth renders the same
// files as a hosted project: `{{ .X }}`, `{{ .Data.x }}` (HTML-escaped, as html/template does), and
// `{{ if eq .A "text" }}…{{ else }}…{{ end }}` (nested or not). Anything else is refused when the file is
// read, so a template that would behave differently on a hosted project is noticed here first.

export type TemplateData = Record<string, unknown>;

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string[] }
  | { kind: 'if'; path: string[]; equals: string; then: Node[]; otherwise: Node[] };

const ACTION = /\{\{-?\s*(.*?)\s*-?\}\}/gs;
const PATH = /^((?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/;
const IF_EQ = /^if\s+eq\s+((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s+"((?:[^"\\]|\\.)*)"$/;

export class TemplateError extends Error {}

const pathOf = (text: string) => text.slice(1).split('.');

/** Parses a template once; throws TemplateError for syntax beyond the subset. */
export function parseTemplate(source: string, name = 'template'): Node[] {
  const root: Node[] = [];
  // The open `if` blocks, innermost last; `inElse` says which branch collects.
  const open: { node: Extract<Node, { kind: 'if' }>; inElse: boolean }[] = [];
  const target = () => {
    const top = open.at(-1);
    return top ? (top.inElse ? top.node.otherwise : top.node.then) : root;
  };
  let last = 0;
  for (const match of source.matchAll(ACTION)) {
    if (match.index > last) target().push({ kind: 'text', text: source.slice(last, match.index) });
    last = match.index + match[0].length;
    const action = match[1]!;
    const ifEq = IF_EQ.exec(action);
    if (PATH.test(action)) target().push({ kind: 'value', path: pathOf(action) });
    else if (ifEq) {
      const node = {
        kind: 'if' as const,
        path: pathOf(ifEq[1]!),
        equals: JSON.parse(`"${ifEq[2]!}"`) as string,
        then: [],
        otherwise: [],
      };
      target().push(node);
      open.push({ node, inElse: false });
    } else if (action === 'else' && open.length && !open.at(-1)!.inElse) open.at(-1)!.inElse = true;
    else if (action === 'end' && open.length) open.pop();
    else throw new TemplateError(`${name}: unsupported template action {{ ${action} }}`);
  }
  if (open.length) throw new TemplateError(`${name}: an {{ if }} has no {{ end }}`);
  if (last < source.length) target().push({ kind: 'text', text: source.slice(last) });
  return root;
}

/** A value's field, or undefined when it has none (Go prints a missing map key as nothing in html/template). */
function lookup(data: TemplateData, path: string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
  '+': '&#43;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"'+]/g, (c) => ESCAPES[c]!);

function run(nodes: Node[], data: TemplateData): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') {
      const value = lookup(data, node.path);
      out += value === undefined || value === null ? '' : escapeHtml(String(value));
    } else {
      // Go's `eq` is false (not an error) when the field is missing: the `else` branch is the default.
      out += run(lookup(data, node.path) === node.equals ? node.then : node.otherwise, data);
    }
  }
  return out;
}

/** Renders a template's source with `data` (fields as GoTrue names them: .ConfirmationURL, .Data.locale…). */
export function renderTemplate(source: string, data: TemplateData, name?: string): string {
  return run(parseTemplate(source, name), data);
}
