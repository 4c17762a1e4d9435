// The one way to show a toast: a title and a description, as the spec writes them.
import toast from 'react-hot-toast';

export function notify(opts: { title: string; description?: string; variant?: 'success' | 'error' }) {
  const body = (
    <div>
      <p className="font-semibold">{opts.title}</p>
      {opts.description && <p className="text-sm opacity-80">{opts.description}</p>}
    </div>
  );
  return opts.variant === 'error'
    ? toast.error(body, { id: 'kasuwa' })
    : toast.success(body, { id: 'kasuwa' });
}
