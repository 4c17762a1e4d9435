// The one way to show a toast: a title and a description, as the spec writes them. The toast library is
// loaded with the first toast, so pages that never show one (the landing page) never download it.
import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'react-hot-toast';

type ToastModule = typeof import('react-hot-toast');
let library: Promise<ToastModule> | undefined;
const load = () => (library ??= import('react-hot-toast'));
const onLoad = new Set<(m: ToastModule) => void>();

export function notify(opts: { title: string; description?: string; variant?: 'success' | 'error' }): void {
  const body = (
    <div>
      <p className="font-semibold">{opts.title}</p>
      {opts.description && <p className="text-sm opacity-80">{opts.description}</p>}
    </div>
  );
  void load().then((m) => {
    for (const listener of onLoad) listener(m);
    if (opts.variant === 'error') m.default.error(body, { id: 'kasuwa' });
    else m.default.success(body, { id: 'kasuwa' });
  });
}

/** Where the toasts show: mounted once the first toast has loaded the library (it then shows that toast). */
export function Toaster(props: ToasterProps) {
  const [Component, setComponent] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const listener = (m: ToastModule) => setComponent(() => m.Toaster);
    onLoad.add(listener);
    if (library) void library.then(listener);
    return () => void onLoad.delete(listener);
  }, []);
  return Component ? <Component {...props} /> : null;
}
