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
