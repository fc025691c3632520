/**
 * The medicine a new prescription names (issue 45), keyboard-first: an ARIA combobox whose list
 * shows the topic's usual choices before anything is typed, then the catalogue's matches of the
 * typed text (GET /products?q=: brand or active ingredient), the usual ones first. Arrows move,
 * Enter takes the highlighted or the first one, Escape clears. Narcotic and PKV medicines are
 * never offered (they are not prescribed through the service).
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { t } from '../i18n/i18n';
import { searchProducts } from './doctor-api';
import { MedicineCombobox, useSettled } from '../components/MedicineCombobox';
import 'virtual:finnish-texts/doctor';

const MAX_SUGGESTIONS = 8;
const SEARCH_LIMIT = 50;

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
  const typed = query.trim();
  const settled = useSettled(typed);
  const matches = useQuery({
    queryKey: [...queryKeys.doctor.products, settled],
    queryFn: () => searchProducts(settled, SEARCH_LIMIT),
    enabled: settled !== '',
    staleTime: 5 * 60_000,
  });
  // Only the answer for the text in the box: Enter never takes what the doctor no longer asks for.
  const current = typed === '' || (settled === typed && matches.isSuccess);
  const suggestions = typed === '' ? offer(usual, null) : current ? offer(usual, matches.data ?? []) : [];

  return (
    <div className="medicine-chooser">
      <MedicineCombobox
        id={`${ids}-search`}
        label={t('doctor.order.prescribing.search')}
        listLabel={typed === '' ? t('doctor.order.prescribing.usual') : t('doctor.order.prescribing.suggestions')}
        query={query}
        onQueryChange={setQuery}
        suggestions={suggestions}
        onChoose={(product) => {
          setQuery('');
          onChoose(product);
        }}
        onEscape={() => setQuery('')}
        flowFocus={autoFocus}
        listClassName="medicine-chooser__list"
      />
      {typed !== '' && current && suggestions.length === 0 && (
        <p className="chat__not-found" role="status">
          {t('doctor.order.prescribing.noMatch')}
        </p>
      )}
    </div>
  );
}
