// Every feature's French strings (inventory, sales, team, …), one chunk loaded with the first screen that needs
// them (see loadMessages in lib/i18n.tsx).
import { mergeCatalogs } from './merge.ts';

export default mergeCatalogs(
  import.meta.glob<Record<string, string>>('../features/*/locales/fr.json', {
    eager: true,
    import: 'default',
  }),
);
