/**
 * The medicine combobox both searches share (the chats' MedicineSearch and the doctor's
 * MedicineChooser): a text box with an ARIA listbox of products under it. Arrows move the
 * highlight, Enter takes the highlighted suggestion or the first one (never a form's submit),
 * Escape clears; a click takes an option without taking the focus from the box. The owner decides
 * what is offered and what choosing means.
 */
import { type KeyboardEvent, useEffect, useState } from 'react';
import type { Product } from '@resepti/domain';
import './chat.css';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DELAY_MS = 150;

/** The text after the user stopped typing for a moment. */
export function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

interface MedicineComboboxProps {
  /** The id of the text box (the list's is derived from it). */
  id: string;
  label: string;
  listLabel: string;
  query: string;
  onQueryChange: (text: string) => void;
  suggestions: readonly Product[];
  onChoose: (product: Product) => void;
  /** Enter with nothing to take (an answer may still be on its way). */
  onEnterWithoutSuggestion?: () => void;
  onEscape: () => void;
  /** A package's form as the reader reads it (default: as the register writes it). */
  formName?: (form: string) => string;
  /** The box takes the focus when it appears (the chats). */
  autoFocus?: boolean;
  /** The box is the first control a keyboard flow focuses (the doctor's order: data-autofocus). */
  flowFocus?: boolean;
  className?: string;
  listClassName?: string;
}

export function MedicineCombobox(props: MedicineComboboxProps) {
  const { id, suggestions, onChoose } = props;
  const formName = props.formName ?? ((form: string) => form);
  // -1: nothing highlighted until the user moves with the arrow keys.
  const [highlight, setHighlight] = useState(-1);
  const listboxId = `${id}-list`;

  function choose(product: Product) {
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
      e.preventDefault();
      // Enter without moving takes the first suggestion (a typed name that is the only match).
      const chosen = suggestions[highlight] ?? suggestions[0];
      if (chosen) choose(chosen);
      else props.onEnterWithoutSuggestion?.();
    } else if (e.key === 'Escape') {
      setHighlight(-1);
      props.onEscape();
    }
  }

  return (
    <div className={`combobox ${props.className ?? ''}`.trim()}>
      <label htmlFor={id} className="combobox__label">
        {props.label}
      </label>
      <input
        id={id}
        className="combobox__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={highlight >= 0 && suggestions[highlight] ? `${listboxId}-${highlight}` : undefined}
        autoFocus={props.autoFocus}
        data-autofocus={props.flowFocus ? '' : undefined}
        value={props.query}
        onChange={(e) => {
          setHighlight(-1);
          props.onQueryChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <ul id={listboxId} role="listbox" aria-label={props.listLabel} className={`combobox__list ${props.listClassName ?? ''}`.trim()}>
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
              <span className="combobox__name">{p.displayName}</span> <span className="combobox__format">{formName(p.format)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
