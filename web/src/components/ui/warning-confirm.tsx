// A change the app lets through only once the member says so (stock going below zero, a payment reference
// already used): what it would do, the question, and the two ways out — back to the form, or save anyway.
import { type ReactNode, useEffect, useRef } from 'react';

export function WarningConfirm({
  title,
  items,
  question,
  backLabel,
  confirmLabel,
  pending = false,
  onConfirm,
  onBack,
}: {
  title?: ReactNode;
  items: readonly { key: string; text: ReactNode; testId?: string }[];
  question: ReactNode;
  backLabel: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  // It appears under the form, perhaps below the fold of a dialog on a phone: brought into view.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Not returned: a browser may answer a promise, which React would take for a cleanup.
    void box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} role="alert" className="alert alert-warning flex flex-col items-stretch gap-2 text-left">
      {title && <p className="font-semibold break-words">{title}</p>}
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.key} className="break-words" data-testid={item.testId}>
            {item.text}
          </li>
        ))}
      </ul>
      <p className="font-semibold">{question}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-outline min-h-11 grow border-warning-content text-warning-content sm:grow-0"
          onClick={onBack}
        >
          {backLabel}
        </button>
        <button
          type="button"
          className="btn btn-neutral min-h-11 grow sm:grow-0"
          disabled={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
