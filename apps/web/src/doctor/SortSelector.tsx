/** The history's sort selector: opens and closes on its button, closes on any outside click or Escape. */
import { useEffect, useId, useRef, useState } from 'react';
import { HISTORY_SORT_ORDERS, type HistorySortOrder } from '@resepti/domain';
import { t, tObject } from '../i18n/i18n';
import 'virtual:finnish-texts/doctor';

export function SortSelector({ value, onChange }: { value: HistorySortOrder; onChange: (v: HistorySortOrder) => void }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="sort-selector" ref={root}>
      <button
        type="button"
        className="sort-selector__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${ids}-menu`}
        onClick={() => setOpen((o) => !o)}
      >
        {t('doctor.history.sortLabel')}: {tObject<Readonly<Record<string, string>>>('doctor.history.sort')[value]} <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      {open && (
        <ul className="sort-selector__menu" role="menu" id={`${ids}-menu`} aria-label={t('doctor.history.sortLabel')}>
          {HISTORY_SORT_ORDERS.map((s) => (
            <li key={s} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={s === value}
                className="sort-selector__option"
                onClick={() => {
                  onChange(s);
                  setOpen(false);
                }}
              >
                {tObject<Readonly<Record<string, string>>>('doctor.history.sort')[s]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
