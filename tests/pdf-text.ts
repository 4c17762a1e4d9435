// The text of a PDF as a reader's copy and search sees it: each page's text as pdf.js extracts it from the
// real file, one item per line, accents composed (NFC). Used by the PDF unit tests and the browser tests.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: Uint8Array.from(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join('\n')
        .normalize('NFC'),
    );
  }
  await pdf.destroy();
  return pages;
}

export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join('\n');
