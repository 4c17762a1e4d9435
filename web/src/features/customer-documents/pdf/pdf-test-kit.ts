// What the documents' PDF tests share: the fonts the app embeds (Noto Sans, read from its assets as the
// browser would fetch them), and the text pdf.js extracts from each page of a real file.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export { pdfPages as pages } from '../../../../../tests/pdf-text.ts';

const fontDir = path.join(import.meta.dirname, '../../../assets/fonts');
export const fonts = {
  regular: readFileSync(path.join(fontDir, 'NotoSans-Regular.ttf')),
  bold: readFileSync(path.join(fontDir, 'NotoSans-Bold.ttf')),
};

/**
 * Each PDF test's limit: a file's first PDF loads pdf-lib, fontkit and pdf.js and subsets the fonts — a
 * second or two alone, past Vitest's default 5 s when the unit files share a busy 2-core machine.
 */
export const PDF_TEST = { timeout: 30_000 };
