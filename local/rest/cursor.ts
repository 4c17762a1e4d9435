// A position in one query-string value, with the lexical pieces PostgREST's grammar shares: field
// names, double-quoted strings and JSON paths. Errors carry the column, as PostgREST's parser errors do.
import { parseError, unexpected, type ApiError } from './errors.ts';
import type { Field, JsonStep } from './query.ts';

const NAME_CHAR = /[\p{L}\p{N}_ $]/u;

export class Cursor {
  pos = 0;

  constructor(
    readonly input: string,
    /** What is being parsed, for error messages: `select parameter`, `filter`, `logic tree`, … */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.peek(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.eat(text)) throw this.error(`"${text}"`);
  }

  error(expecting: string): ApiError {
    return parseError(this.what, this.input, this.pos, unexpected(this.input, this.pos, expecting));
  }

  /** A name: letters, digits, `_`, `$`, spaces and single dashes (not `->`), or a double-quoted string. */
  name(): string {
    if (this.peek('"')) return this.quoted();
    const start = this.pos;
    while (!this.done) {
      const c = this.input[this.pos]!;
      if (NAME_CHAR.test(c) || (c === '-' && this.input[this.pos + 1] !== '>')) this.pos++;
      else break;
    }
    if (this.pos === start) throw this.error('field name (* or [a..z0..9_$])');
    return this.input.slice(start, this.pos);
  }

  /** A double-quoted string; inside it `\"` and `\\` escape. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && !this.peek('"')) {
      if (this.peek('\\') && this.pos + 1 < this.input.length) this.pos++;
      out += this.input[this.pos++];
    }
    this.expect('"');
    return out;
  }

  /** Reads up to (not including) the first of `stops` outside double quotes, braces and parentheses. */
  until(stops: string): string {
    const start = this.pos;
    let depth = 0;
    while (!this.done) {
      const c = this.input[this.pos]!;
      if (depth === 0 && stops.includes(c)) break;
      if (c === '(' || c === '{') depth++;
      if ((c === ')' || c === '}') && depth > 0) depth--;
      this.pos++;
    }
    return this.input.slice(start, this.pos);
  }

  /** A column reference with an optional JSON path: `data->a->>0`. */
  field(): Field {
    return { name: this.name(), json: this.jsonPath() };
  }

  /** `->key` / `->>key` steps; bare digits index an array. */
  jsonPath(): JsonStep[] {
    const json: JsonStep[] = [];
    while (this.peek('->')) {
      const arrow = this.eat('->>') ? '->>' : '->';
      if (arrow === '->') this.pos += 2;
      const index = /^-?\d+(?![\p{L}_$])/u.exec(this.input.slice(this.pos))?.[0];
      if (index === undefined) {
        json.push({ arrow, key: this.name() });
      } else {
        this.pos += index.length;
        json.push({ arrow, key: Number(index) });
      }
    }
    return json;
  }
}
