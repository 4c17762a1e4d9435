// The page every sales PDF is written on: A4 with 16 mm margins at the top and bottom and 14 mm at the
// sides (as the printed page), Noto Sans embedded (only the glyphs used, so any name prints — Adébáyọ̀,
// Ɗanjuma, Ɛ/Ɔ — and ₦ or ₵ too), text that wraps, a rule, an image, pages that follow on, and the page
// number at the foot of each page. pdf-lib writes it; this module and the fonts load only when a PDF is
// asked for.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import boldUrl from '@/assets/fonts/NotoSans-Bold.ttf?url';
import regularUrl from '@/assets/fonts/NotoSans-Regular.ttf?url';

export interface FontFiles {
  regular: ArrayBuffer | Uint8Array;
  bold: ArrayBuffer | Uint8Array;
}

let fontFiles: Promise<FontFiles> | undefined;

/** The two font files (about 125 KB each), fetched once per page load and then kept by the browser. */
export function loadFonts(): Promise<FontFiles> {
  fontFiles ??= Promise.all(
    [regularUrl, boldUrl].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ).then(([regular, bold]) => ({ regular: regular!, bold: bold! }));
  fontFiles.catch(() => (fontFiles = undefined));
  return fontFiles;
}

const A4: [number, number] = [595.28, 841.89];
const MM = 72 / 25.4;
export const LEFT = 14 * MM;
export const RIGHT = A4[0] - 14 * MM;
const TOP = A4[1] - 16 * MM;
const BOTTOM = 16 * MM + 14; // room for the page number under the last line
const GREY = rgb(0.42, 0.42, 0.42);
const RULE = rgb(0.8, 0.8, 0.8);

export interface TextStyle {
  size?: number;
  bold?: boolean;
  grey?: boolean;
  align?: 'left' | 'right';
}

// Characters a PDF text run cannot carry (controls, the separators a form may hold).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const clean = (s: string) => s.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

export class Layout {
  y = TOP;
  private page: PDFPage;
  private readonly pages: PDFPage[] = [];

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = this.addPage();
  }

  static async create(meta: { title: string; author: string; language: string; fonts?: FontFiles }) {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const files = meta.fonts ?? (await loadFonts());
    // Without the font's glyph composition (ccmp) an accented letter stays the one glyph that maps back to
    // its character, so a reader's search and copy find "Adébáyọ̀" (composed, the dot below came out as an
    // unmapped mark); the accents over it still sit where they belong.
    const [regular, bold] = await Promise.all([
      doc.embedFont(files.regular, { subset: true, features: { ccmp: false } }),
      doc.embedFont(files.bold, { subset: true, features: { ccmp: false } }),
    ]);
    doc.setTitle(clean(meta.title), { showInWindowTitleBar: true });
    doc.setAuthor(clean(meta.author));
    doc.setLanguage(meta.language);
    doc.setProducer('Kasuwa');
    doc.setCreator('Kasuwa');
    return new Layout(doc, regular, bold);
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage(A4);
    this.pages.push(page);
    this.y = TOP;
    return page;
  }

  private font(style: TextStyle) {
    return style.bold ? this.bold : this.regular;
  }

  widthOf(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(clean(text), style.size ?? 10);
  }

  /** Room for `height` more points on this page, or a new page. */
  need(height: number): void {
    if (this.y - height < BOTTOM) this.page = this.addPage();
  }

  down(dy: number): void {
    this.y -= dy;
  }

  /** One line of text at the current baseline, from `x` (or ending at `x` when right-aligned). */
  text(text: string, x: number, style: TextStyle = {}): void {
    const s = clean(text);
    const size = style.size ?? 10;
    const font = this.font(style);
    const at = style.align === 'right' ? x - font.widthOfTextAtSize(s, size) : x;
    this.page.drawText(s, { x: at, y: this.y, size, font, color: style.grey ? GREY : rgb(0, 0, 0) });
  }

  /** The text broken into lines no wider than `width` (at spaces; a word longer than a line is cut). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of clean(paragraph).split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.widthOf(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (this.widthOf(line, style) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.widthOf(line.slice(0, cut), style) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Wrapped text from the current line down, going on to a new page when needed. */
  paragraph(text: string, x: number, width: number, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    for (const line of this.wrap(text, width, style)) {
      this.need(size * 1.4);
      this.text(line, x, style);
      this.down(size * 1.4);
    }
  }

  rule(): void {
    this.page.drawLine({
      start: { x: LEFT, y: this.y },
      end: { x: RIGHT, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
  }

  /** A PNG or JPEG data URL drawn within `maxWidth` × `maxHeight` with its top at the current line. */
  async image(dataUrl: string, x: number, maxWidth: number, maxHeight: number): Promise<number> {
    const m = /^data:image\/(png|jpeg);base64,(.*)$/.exec(dataUrl);
    if (!m) return 0;
    let image: PDFImage;
    try {
      const bytes = Uint8Array.from(atob(m[2]!), (c) => c.charCodeAt(0));
      image = m[1] === 'png' ? await this.doc.embedPng(bytes) : await this.doc.embedJpg(bytes);
    } catch {
      return 0; // a damaged logo is left out, never the document
    }
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const height = image.height * scale;
    this.page.drawImage(image, { x, y: this.y - height, width: image.width * scale, height });
    return height;
  }

  /** The finished file, each page numbered at its foot ("Page 1 of 2"). */
  async save(pageLabel: (page: number, pages: number) => string, footLeft: string): Promise<Uint8Array> {
    this.pages.forEach((page, i) => {
      const label = clean(pageLabel(i + 1, this.pages.length));
      const size = 8;
      page.drawText(label, {
        x: RIGHT - this.regular.widthOfTextAtSize(label, size),
        y: 16 * MM - 4,
        size,
        font: this.regular,
        color: GREY,
      });
      page.drawText(clean(footLeft), { x: LEFT, y: 16 * MM - 4, size, font: this.regular, color: GREY });
    });
    return this.doc.save();
  }
}
