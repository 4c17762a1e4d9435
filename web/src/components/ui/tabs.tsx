// Tabs whose choice lives in the address (?tab=…), so a reload or a shared link opens the same tab.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

export function useTab<T extends string>(tabs: readonly T[]): [T, (t: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as T | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const setTab = (t: T) =>
    setParams(
      (p) => {
        p.set('tab', t);
        return p;
      },
      { replace: true },
    );
  return [tab, setTab];
}

export function Tabs<T extends string>({
  tabs,
  current,
  onChange,
  label,
}: {
  tabs: readonly { id: T; label: ReactNode }[];
  current: T;
  onChange: (t: T) => void;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="tabs tabs-box w-full overflow-x-auto sm:w-fit">
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={current === t.id}
          className={`tab min-h-11 whitespace-nowrap ${current === t.id ? 'tab-active' : ''}`}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
