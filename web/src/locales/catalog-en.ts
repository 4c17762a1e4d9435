// Every English string (the shell's and each feature's), bundled into one chunk loaded only in English.
import { mergeCatalogs } from './merge.ts';

export default mergeCatalogs(
  import.meta.glob<Record<string, string>>(['./en.json', '../features/*/locales/en.json'], {
    eager: true,
    import: 'default',
  }),
);
