import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A search box that reports what was typed once typing pauses (the search runs in the database). With
 * `searchedKept` (offline, see lib/kept-search.ts) it says the results come from what this device keeps.
 */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  delay = 250,
  searchedKept = false,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  delay?: number;
  searchedKept?: boolean;
}) {
  const [text, setText] = useState(value);
  // A search set from outside (a scanned barcode) shows in the box.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text.trim()), delay);
    return () => clearTimeout(t);
  }, [text, value, delay, onChange]);
  return (
    // One wrapper whether or not the note shows, so the box is not rebuilt (and focus lost) as it appears.
    <div className="flex w-full flex-col gap-1 sm:max-w-sm">
      <label className="input input-bordered flex min-h-11 w-full items-center gap-2">
        <span aria-hidden className="opacity-75">
          ⌕
        </span>
        <input
          type="search"
          className="grow"
          aria-label={label}
          placeholder={placeholder ?? label}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {searchedKept && (
        <p role="status" data-testid="searched-kept" className="text-sm opacity-75">
          <FormattedMessage id="common.searchedKept" />
        </p>
      )}
    </div>
  );
}
