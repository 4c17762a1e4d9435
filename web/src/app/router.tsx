import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Loading } from '../components/ui/loading.tsx';
import { PublicLayout } from './public-layout.tsx';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
const LandingPage = lazy(() =>
  import('../features/marketing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: page(<LandingPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
]);
