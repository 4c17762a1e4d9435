// Writes the fonts the PDFs embed (web/src/assets/fonts/): Noto Sans Regular and Bold (SIL Open Font
// License, OFL.txt beside them) cut down to the characters our users' names, addresses and amounts need —
// Latin with its extensions (French, Yoruba ẹ ọ ṣ with tones, Hausa Ɓ Ɗ Ƙ Ƴ, Ewe and Akan Ɛ Ɔ Ŋ Ɣ Ʋ, Wolof
// Ñ), the combining accents, punctuation and every currency sign (₦ ₵ € …). pdf-lib then embeds only the
// glyphs a document uses. Run after changing the list: `npx tsx scripts/subset-fonts.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const RANGES: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x24f], // Latin-1, Latin Extended-A and -B (Ɓ Ɗ Ɛ Ɔ Ƙ Ƴ Ŋ …)
  [0x2c6, 0x2dd], // spacing accents
  [0x300, 0x36f], // combining accents (ọ̀, ẹ́)
  [0x1e00, 0x1eff], // Latin Extended Additional (ẹ ọ ṣ ṇ …)
  [0x2000, 0x206f], // punctuation, spaces (the narrow no-break space French groups digits with)
  [0x20a0, 0x20c0], // currency signs
  [0x2116, 0x2116], // №
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // minus
];
// IPA letters the West African alphabets use in lower case: ɓ ɔ ɖ ɗ ɛ ɣ ɩ ɲ ʋ, and the ʼ and ʻ apostrophes.
const SINGLES = [0x253, 0x254, 0x256, 0x257, 0x25b, 0x263, 0x269, 0x272, 0x28b, 0x2bb, 0x2bc];

export const PDF_FONT_TEXT = [
  ...SINGLES.map((c) => String.fromCodePoint(c)),
  ...RANGES.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
  ),
].join('');

const require = createRequire(import.meta.url);
const source = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));
const out = path.join(import.meta.dirname, '..', 'web', 'src', 'assets', 'fonts');

for (const [from, to] of [
  ['400Regular/NotoSans_400Regular.ttf', 'NotoSans-Regular.ttf'],
  ['700Bold/NotoSans_700Bold.ttf', 'NotoSans-Bold.ttf'],
] as const) {
  const subset = await subsetFont(readFileSync(path.join(source, from)), PDF_FONT_TEXT, {
    targetFormat: 'truetype',
  });
  writeFileSync(path.join(out, to), subset);
  console.log(`wrote ${to}: ${Math.round(subset.length / 1024)} KB`);
}
