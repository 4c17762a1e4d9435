// Settings the page is served with, as <meta> tags of index.html: written by the build, or by the local
// stack that serves it (local/static.ts), so one build works with the stack's own keys and captcha. None
// while the visitor pages are rendered at build time (there is no page yet).

/** The content of the page's `<meta name="…">`, if it has one. */
export const pageSetting = (name: string): string | undefined =>
  typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
