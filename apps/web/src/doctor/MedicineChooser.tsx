/**
 * The medicine a new prescription names (issue 45), keyboard-first: an ARIA combobox whose list
 * shows the topic's usual choices before anything is typed, then the catalogue's matches of the
 * typed text (GET /products?q=: brand or active ingredient), the usual ones first. Arrows move,
 * Enter takes the highlighted or the first one, Escape clears. Narcotic and PKV medicines are
 * never offered (they are not prescribed through the service).
 */
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { t } from '../i18n/i18n';
import { searchProducts } from './doctor-api';
import '../components/chat.css';

const MAX_SUGGESTIONS = 8;
const SEARCH_LIMIT = 50;
const SEARCH_DELAY_MS = 150;

interface MedicineChooserProps {
  /** The topic's usual choices (CentreItemFacts.usualProducts). */
  usual: readonly Product[];
  onChoose: (product: Product) => void;
  /** The panel's first control when the order opens (OrderWorkspace's keyboard flow). */
  autoFocus: boolean;
}

/** The offer: prescribable products, the usual ones first, at most MAX_SUGGESTIONS. */
function offer(usual: readonly Product[], matches: readonly Product[] | null): Product[] {
  if (matches === null) return usual.slice(0, MAX_SUGGESTIONS);
  const usualIds = new Set(usual.map((p) => p.productId));
  const prescribable = matches.filter((p) => p.renewable);
  return [...prescribable.filter((p) => usualIds.has(p.productId)), ...prescribable.filter((p) => !usualIds.has(p.productId))].slice(0, MAX_SUGGESTIONS);
}

export function MedicineChooser({ usual, onChoose, autoFocus }: MedicineChooserProps) {
  const ids = useId();
  const [query, setQuery] = useState('');
  const [settled, setSettled] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const typed = query.trim();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const matches = useQuery({
    queryKey: [...queryKeys.doctor.products, settled],
    queryFn: () => searchProducts(settled, SEARCH_LIMIT),
    enabled: settled !== '',
    staleTime: 5 * 60_000,
  });
  // Only the answer for the text in the box: Enter never takes what the doctor no longer asks for.
  const current = typed === '' || (settled === typed && matches.isSuccess);
  const suggestions = typed === '' ? offer(usual, null) : current ? offer(usual, matches.data ?? []) : [];
  const listboxId = `${ids}-list`;

  function choose(product: Product) {
    setQuery('');
    setHighlight(-1);
    onChoose(product);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setHighlight((h) => Math.min(h + 1, suggestions.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (e.key === 'Enter') {
      // Never the form's submit: Enter chooses.
      e.preventDefault();
      const chosen = suggestions[highlight] ?? suggestions[0];
      if (chosen) choose(chosen);
    } else if (e.key === 'Escape') {
      setQuery('');
      setHighlight(-1);
    }
  }

  return (
    <div className="combobox medicine-chooser">
      <label htmlFor={`${ids}-search`} className="combobox__label">
        {t('doctor.order.prescribing.search')}
      </label>
      <input
        id={`${ids}-search`}
        className="combobox__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={highlight >= 0 && suggestions[highlight] ? `${listboxId}-${highlight}` : undefined}
        data-autofocus={autoFocus ? '' : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <ul
          id={listboxId}
          role="listbox"
          aria-label={typed === '' ? t('doctor.order.prescribing.usual') : t('doctor.order.prescribing.suggestions')}
          className="combobox__list medicine-chooser__list"
        >
          {suggestions.map((p, i) => (
            <li
              key={p.productId}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === highlight}
              className={`combobox__option${i === highlight ? ' combobox__option--active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(p)}
            >
              <span className="combobox__name">{p.displayName}</span> <span className="combobox__format">{p.format}</span>
            </li>
          ))}
        </ul>
      )}
      {typed !== '' && current && suggestions.length === 0 && (
        <p className="chat__not-found" role="status">
          {t('doctor.order.prescribing.noMatch')}
        </p>
      )}
    </div>
  );
}
