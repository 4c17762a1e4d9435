/** The shell's catalog (./xx.json) first, then each feature's, as one set of messages. */
export function mergeCatalogs(files: Record<string, Record<string, string>>): Record<string, string> {
  const paths = Object.keys(files).sort((a, b) => Number(b.startsWith('./')) - Number(a.startsWith('./')));
  return Object.assign({}, ...paths.map((p) => files[p])) as Record<string, string>;
}
