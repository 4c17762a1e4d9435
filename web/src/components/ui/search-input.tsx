import { useEffect, useState } from 'react';

/** A search box that reports what was typed once typing pauses (the search runs in the database). */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
  delay = 250,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  delay?: number;
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
    <label className="input input-bordered flex min-h-11 w-full items-center gap-2 sm:max-w-sm">
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
  );
}
