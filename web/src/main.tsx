import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadScreen } from './app/router.tsx';
import { UpdatePrompt } from './app/update-prompt.tsx';
import { loadStartMessages, storedLocale } from './lib/i18n.tsx';
import './index.css';

// The strings of the language on screen come first (a small chunk), so nothing shows untranslated; the first
// screen's code downloads meanwhile.
preloadScreen(window.location.pathname);
await loadStartMessages(storedLocale());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <UpdatePrompt />
    </Providers>
  </StrictMode>,
);
