import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from '@/app/providers.tsx';
import { AppRoutes, preloadScreen } from '@/app/router.tsx';
import { UpdatePrompt } from '@/app/update-prompt.tsx';
import { loadStartMessages, storedLocale } from '@/lib/i18n.tsx';
import '@/index.css';

// The strings of the language on screen come first (a small chunk), so nothing shows untranslated; the first
// screen's code downloads meanwhile. A visitor's prerendered page (index.html, vite.config.ts) stays on
// screen until its code is here too, so the app replaces it by the same page at once. Not a top-level await:
// the screens' code imports the file this module is built into (vite.config.ts, chunkGroups), and would wait
// for it to finish while it waited for them.
async function start() {
  const screen = preloadScreen(window.location.pathname);
  await Promise.all([
    loadStartMessages(storedLocale()),
    document.documentElement.hasAttribute('data-prerender') ? screen : undefined,
  ]);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <UpdatePrompt />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
