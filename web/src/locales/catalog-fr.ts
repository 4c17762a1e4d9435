// Every French string (the shell's and each feature's), bundled into one chunk loaded only in French.
import { mergeCatalogs } from './merge.ts';

export default mergeCatalogs(
  import.meta.glob<Record<string, string>>(['./fr.json', '../features/*/locales/fr.json'], {
    eager: true,
    import: 'default',
  }),
);
