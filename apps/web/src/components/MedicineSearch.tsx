/**
 * The medicine search of both chats (the pharmacy's and the customer's renewal): prefix search
 * with auto-complete as an ARIA combobox (arrow keys, Enter takes the highlighted or the first
 * suggestion, Escape clears), and 'Hakemaasi lääkettä ei löydy' with the note that narcotic and
 * PKV medicines cannot be renewed through the service.
 */
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import type { Product } from '@resepti/domain';
import { MEDICINE_SEARCH_TEXTS as T } from '../texts';
import './chat.css';

const MAX_SUGGESTIONS = 8;

/**
 * The products whose name starts with the query. Narcotic and PKV medicines are never offered
 * (SPEC section 1: they cannot be renewed via the service), so typing one shows the
 * 'Hakemaasi lääkettä ei löydy' hint with its note instead of a 400 on confirming.
 */
function prefixMatches(products: readonly Product[], query: string): Product[] {
  const q = query.trim().toLocaleLowerCase('fi');
  if (q === '') return [];
  return products.filter((p) => p.renewable && p.displayName.toLocaleLowerCase('fi').startsWith(q)).slice(0, MAX_SUGGESTIONS);
}

interface MedicineSearchProps {
  /** undefined while the list loads (no 'not found' until it is there). */
  products: readonly Product[] | undefined;
  onPick: (product: Product) => void;
  /** Typing clears the owner's error message. */
  onType?: () => void;
  /** Below the search (e.g. the way on when the cart has medicines). */
  children?: ReactNode;
}

export function MedicineSearch({ products, onPick, onType, children }: MedicineSearchProps) {
  const ids = useId();
  const [query, setQuery] = useState('');
  // -1: nothing highlighted until the user moves with the arrow keys.
  const [highlight, setHighlight] = useState(-1);
  const suggestions = useMemo(() => prefixMatches(products ?? [], query), [products, query]);
  const noMatch = query.trim() !== '' && products !== undefined && suggestions.length === 0;
  const listboxId = `${ids}-suggestions`;

  function pick(product: Product) {
    setQuery('');
    setHighlight(-1);
    onPick(product);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setHighlight((h) => Math.min(h + 1, suggestions.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter without moving takes the first suggestion (a typed name that is the only match).
      const chosen = suggestions[highlight] ?? suggestions[0];
      if (chosen) pick(chosen);
    } else if (e.key === 'Escape') {
      setQuery('');
      setHighlight(-1);
    }
  }

  return (
    <div className="chat__controls combobox">
      <label htmlFor={`${ids}-search`} className="combobox__label">
        {T.searchLabel}
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
        aria-activedescendant={suggestions.length > 0 && highlight >= 0 ? `${listboxId}-${highlight}` : undefined}
        value={query}
        autoFocus
        onChange={(e) => {
          setQuery(e.target.value);
          setHighlight(-1);
          onType?.();
        }}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <ul id={listboxId} role="listbox" aria-label={T.suggestionsLabel} className="combobox__list">
          {suggestions.map((p, i) => (
            <li
              key={p.productId}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === highlight}
              className={`combobox__option${i === highlight ? ' combobox__option--active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
            >
              <span className="combobox__name">{p.displayName}</span> <span className="combobox__format">{p.format}</span>
            </li>
          ))}
        </ul>
      )}
      {noMatch && (
        <div className="chat__not-found" role="status">
          <strong>{T.notFound}</strong>
          <p>{T.notFoundNote}</p>
        </div>
      )}
      {children}
    </div>
  );
}
