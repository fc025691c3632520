/**
 * The medicine search of both chats (the pharmacy's and the customer's renewal): auto-complete
 * from the server's search (GET /products?q=: the start of the brand or of the active ingredient in
 * Finnish, Swedish or English, with the strength, case and accents ignored) as an ARIA combobox
 * (arrow keys, Enter takes the highlighted or the first suggestion, also when it arrives just
 * after the key, Escape clears). When the search finds only packages not on sale (Losec), it says
 * so and offers the available ones of the same ingredient (GET /products/alternatives); when it
 * finds nothing that can be renewed, 'Hakemaasi lääkettä ei löydy' with the note that narcotic and
 * PKV medicines cannot be renewed through the service. Without any available product it says the
 * catalogue is unavailable instead.
 */
import { type ReactNode, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'suomifi-ui-components';
import type { Product } from '@resepti/domain';
import { t } from '../i18n/i18n';
import './chat.css';
import { MedicineCombobox, useSettled } from './MedicineCombobox';
import 'virtual:finnish-texts/shared';

const MAX_SUGGESTIONS = 8;
/** Asked of the server: narcotic and PKV products among them are left out here. */
const SEARCH_LIMIT = 50;
const STALE_MS = 5 * 60_000;

/**
 * The suggestions among the server's matches: those on sale. Narcotic and PKV medicines are never
 * offered (SPEC section 1: they cannot be renewed via the service), so typing one shows 'Hakemaasi
 * lääkettä ei löydy' with its note.
 */
function offered(products: readonly Product[]): Product[] {
  return products.filter((p) => p.renewable && p.available).slice(0, MAX_SUGGESTIONS);
}

/** At most this many packages not on sale are asked for alternatives (the API's limit). */
const MAX_ALTERNATIVES_OF = 20;

/** The renewable packages not on sale among the matches: the search says so, never the narcotic note. */
function notOnSale(products: readonly Product[]): Product[] {
  return products.filter((p) => p.renewable && !p.available).slice(0, MAX_ALTERNATIVES_OF);
}

/** A role's product search: its query key root, its call of GET /products and of GET /products/alternatives. */
export interface ProductSearch {
  key: readonly string[];
  fetch: (q: string, limit: number) => Promise<Product[]>;
  alternatives: (productIds: readonly number[]) => Promise<Product[]>;
  /** A package's form as this role reads it (the patient: in their language); the register's Finnish term without it. */
  formName?: (form: string) => string;
}

interface MedicineSearchProps {
  search: ProductSearch;
  onPick: (product: Product) => void;
  /** Typing clears the owner's error message. */
  onType?: () => void;
  /** Below the search (e.g. the way on when the cart has medicines). */
  children?: ReactNode;
}

export function MedicineSearch({ search, onPick, onType, children }: MedicineSearchProps) {
  const ids = useId();
  const formName = search.formName ?? ((form: string) => form);
  const [query, setQuery] = useState('');
  const queryClient = useQueryClient();
  // The text now in the box, for an answer that comes after Enter (the user may have typed on).
  const latest = useRef('');
  const typed = query.trim();
  const settled = useSettled(typed);
  const anyProduct = useQuery({ queryKey: [...search.key, 'any'], queryFn: () => search.fetch('', 1), staleTime: STALE_MS });
  const matchesOf = (text: string) => ({ queryKey: [...search.key, 'search', text], queryFn: () => search.fetch(text, SEARCH_LIMIT), staleTime: STALE_MS });
  const matches = useQuery({ ...matchesOf(settled), enabled: settled !== '' });
  // Only the answer for the text in the box is offered: a list for an earlier text would change
  // under the arrow keys, and Enter would take what the user no longer asks for.
  const current = typed !== '' && settled === typed && matches.isSuccess;
  const suggestions = current ? offered(matches.data ?? []) : [];
  const withdrawn = current && suggestions.length === 0 ? notOnSale(matches.data ?? []) : [];
  const withdrawnIds = withdrawn.map((p) => p.productId);
  const alternatives = useQuery({
    queryKey: [...search.key, 'alternatives', withdrawnIds.join(',')],
    queryFn: () => search.alternatives(withdrawnIds),
    enabled: withdrawnIds.length > 0,
    staleTime: STALE_MS,
  });
  const offeredAlternatives = alternatives.isSuccess ? offered(alternatives.data) : [];
  const noMatch = current && suggestions.length === 0 && withdrawn.length === 0;
  const catalogueEmpty = anyProduct.data?.length === 0;

  function pick(product: Product) {
    latest.current = '';
    setQuery('');
    onPick(product);
  }

  /** Enter before the answer for the typed text came: its first suggestion once it comes. */
  async function pickFirstWhenFound(text: string) {
    // A failed search shows nothing: the user presses Enter again.
    const first = offered(await queryClient.fetchQuery(matchesOf(text)).catch(() => []))[0];
    if (first && latest.current === text) pick(first);
  }

  if (catalogueEmpty) {
    return (
      <div className="chat__controls">
        <p className="chat__not-found" role="status">
          {t('medicineSearch.catalogueUnavailable')}
        </p>
        {children}
      </div>
    );
  }

  return (
    <div className="chat__controls">
      <MedicineCombobox
        id={`${ids}-search`}
        label={t('medicineSearch.searchLabel')}
        listLabel={t('medicineSearch.suggestionsLabel')}
        query={query}
        onQueryChange={(text) => {
          setQuery(text);
          latest.current = text.trim();
          onType?.();
        }}
        suggestions={suggestions}
        onChoose={pick}
        onEnterWithoutSuggestion={() => {
          if (typed !== '' && !current) void pickFirstWhenFound(typed);
        }}
        onEscape={() => {
          latest.current = '';
          setQuery('');
        }}
        formName={formName}
        autoFocus
      />
      {withdrawn.length > 0 && (
        <>
          <div className="chat__not-found" role="status">
            <strong>{t('medicineSearch.notOnSale', { names: [...new Set(withdrawn.map((p) => p.displayName))].join(', ') })}</strong>
            {alternatives.isSuccess && <p id={`${ids}-alternatives`}>{t(offeredAlternatives.length > 0 ? 'medicineSearch.alternatives' : 'medicineSearch.noAlternatives')}</p>}
          </div>
          {offeredAlternatives.length > 0 && (
            <ul className="chat__alternatives" aria-labelledby={`${ids}-alternatives`}>
              {offeredAlternatives.map((p) => (
                <li key={p.productId}>
                  <Button variant="secondary" onClick={() => pick(p)}>
                    {`${p.displayName} ${formName(p.format)}`}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {noMatch && (
        <div className="chat__not-found" role="status">
          <strong>{t('medicineSearch.notFound')}</strong>
          <p>{t('medicineSearch.notFoundNote')}</p>
        </div>
      )}
      {children}
    </div>
  );
}
