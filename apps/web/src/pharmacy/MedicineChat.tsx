/**
 * Step 3 of 'Reseptin tilaus': the chat for choosing medicines. Prefix search with
 * auto-complete, optional additional info, the created-request summary, confirm or cancel;
 * then another medicine or 'Tilaus valmis', the processing-time choice and 'Lähetä tilaus'.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, RadioButton, RadioButtonGroup, TextInput } from 'suomifi-ui-components';
import { formatEuro, handlingPriceCents, type DeliveryOptionId, type PharmacyCart, type Product } from '@resepti/domain';
import { isApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { PHARMACY_TEXTS } from '../texts';
import { addCartItem, fetchDeliveryOptions, fetchProducts, sendCart, setDeliveryOption } from './pharmacy-api';

const T = PHARMACY_TEXTS.chat;
const MAX_SUGGESTIONS = 8;

type Stage = 'search' | 'info' | 'confirm' | 'added' | 'time';

interface Bubble {
  id: number;
  from: 'bot' | 'user';
  text: string;
  lines?: string[];
}

function errorText(e: unknown): string {
  return isApiError(e) && e.status < 500 ? e.messages.join(' ') : PHARMACY_TEXTS.workbench.failed;
}

/**
 * The products whose name starts with the query. Narcotic and PKV medicines are never offered
 * (SPEC section 1: they cannot be renewed via the service), so typing one shows the
 * 'Hakemaasi lääkettä ei löydy' hint with its note instead of a 400 at 'Kyllä, uusitaan resepti'.
 */
export function prefixMatches(products: readonly Product[], query: string): Product[] {
  const q = query.trim().toLocaleLowerCase('fi');
  if (q === '') return [];
  return products.filter((p) => p.renewable && p.displayName.toLocaleLowerCase('fi').startsWith(q)).slice(0, MAX_SUGGESTIONS);
}

export function MedicineChat({ patientHetu, cart, onSent }: { patientHetu: string; cart: PharmacyCart | undefined; onSent: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const products = useQuery({ queryKey: queryKeys.pharmacy.products, queryFn: fetchProducts, staleTime: 10 * 60_000 });
  const options = useQuery({ queryKey: queryKeys.pharmacy.deliveryOptions, queryFn: fetchDeliveryOptions, staleTime: Infinity });

  const itemCount = cart?.items.length ?? 0;
  const [stage, setStage] = useState<Stage>(itemCount > 0 ? 'added' : 'search');
  const nextId = useRef(1);
  const [bubbles, setBubbles] = useState<Bubble[]>(() => [{ id: 0, from: 'bot', text: T.askMedicine }]);
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [picked, setPicked] = useState<Product | null>(null);
  const [info, setInfo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const optionId = cart?.deliveryOptionId ?? null;
  const searchRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const say = (from: Bubble['from'], text: string, lines?: string[]) =>
    setBubbles((list) => [...list, { id: nextId.current++, from, text, lines }]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [bubbles, stage]);

  const suggestions = useMemo(() => prefixMatches(products.data ?? [], query), [products.data, query]);
  const noMatch = stage === 'search' && query.trim() !== '' && products.isSuccess && suggestions.length === 0;

  const add = useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: ({ product, reason }: { product: Product; reason: string }) => addCartItem(patientHetu, product.productId, reason),
    onSuccess: (next, { product }) => {
      queryClient.setQueryData(queryKeys.pharmacy.cart, next);
      say('user', T.confirm);
      say('bot', T.added(product.displayName));
      setStage('added');
    },
    onError: (e) => {
      setError(errorText(e));
      backToSearch();
    },
  });

  const chooseOption = useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: (id: DeliveryOptionId) => setDeliveryOption(patientHetu, id),
    onSuccess: (next) => queryClient.setQueryData(queryKeys.pharmacy.cart, next),
    onError: (e) => setError(errorText(e)),
  });

  const send = useMutation({
    mutationKey: queryKeys.pharmacy.cartChange,
    mutationFn: () => sendCart(patientHetu),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.cart }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.orders }),
      ]);
      onSent();
    },
    onError: (e) => setError(errorText(e)),
  });

  function backToSearch() {
    setPicked(null);
    setInfo('');
    setQuery('');
    setHighlight(0);
    say('bot', T.askMedicine);
    setStage('search');
    window.setTimeout(() => searchRef.current?.focus(), 0);
  }

  function pick(product: Product) {
    setError(null);
    setPicked(product);
    setQuery('');
    say('user', product.displayName);
    say('bot', T.askInfo);
    setStage('info');
  }

  function onSearchKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setHighlight((h) => Math.min(h + 1, Math.max(suggestions.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = suggestions[highlight] ?? suggestions[0];
      if (chosen) pick(chosen);
    } else if (e.key === 'Escape') {
      setQuery('');
    }
  }

  function giveInfo() {
    if (!picked) return;
    const text = info.trim();
    if (text) say('user', text);
    const lines = [picked.displayName, picked.format, T.summaryRenewal];
    if (text) lines.push(T.summaryInfo(text));
    say('bot', T.summaryHeading, lines);
    say('bot', T.askConfirm);
    setStage('confirm');
  }

  function cancelRequest() {
    say('user', T.cancel);
    backToSearch();
  }

  function done() {
    say('user', T.done);
    setStage('time');
  }

  const listboxId = `${ids}-suggestions`;

  return (
    <section className="medicine-chat" aria-label={T.label}>
      <ol className="chat" aria-live="polite">
        {bubbles.map((b) => (
          <li key={b.id} className={`chat__bubble chat__bubble--${b.from}`}>
            {b.lines ? (
              <div className="chat__summary">
                <strong>{b.text}</strong>
                <ul>
                  {b.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : (
              b.text
            )}
          </li>
        ))}
      </ol>

      <div role="alert" aria-live="assertive">
        {error && <p className="ph-error">{error}</p>}
      </div>

      {stage === 'search' && (
        <div className="chat__controls combobox">
          <label htmlFor={`${ids}-search`} className="ph-label">
            {T.searchLabel}
          </label>
          <input
            id={`${ids}-search`}
            ref={searchRef}
            className="ph-input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={suggestions.length > 0}
            aria-controls={listboxId}
            aria-activedescendant={suggestions.length > 0 ? `${listboxId}-${highlight}` : undefined}
            value={query}
            autoFocus
            onChange={(e) => {
              setQuery(e.target.value);
              setHighlight(0);
              setError(null);
            }}
            onKeyDown={onSearchKey}
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
        </div>
      )}

      {stage === 'info' && (
        <form
          className="chat__controls"
          onSubmit={(e) => {
            e.preventDefault();
            giveInfo();
          }}
        >
          <TextInput id={`${ids}-info`} labelText={T.infoLabel} optionalText="" value={info} onChange={(v) => setInfo(String(v ?? ''))} fullWidth autoFocus />
          <Button type="submit" mt="s">
            {T.continue}
          </Button>
        </form>
      )}

      {stage === 'confirm' && picked && (
        <div className="chat__controls chat__buttons">
          <Button variant="secondary" onClick={cancelRequest} disabled={add.isPending}>
            {T.cancel}
          </Button>
          <Button onClick={() => add.mutate({ product: picked, reason: info.trim() })} disabled={add.isPending}>
            {T.confirm}
          </Button>
        </div>
      )}

      {stage === 'added' && (
        <div className="chat__controls chat__buttons">
          <Button
            variant="secondary"
            onClick={() => {
              say('user', T.another);
              backToSearch();
            }}
          >
            {T.another}
          </Button>
          <Button onClick={done} disabled={itemCount === 0}>
            {T.done}
          </Button>
        </div>
      )}

      {stage === 'time' && (
        <div className="chat__controls">
          <RadioButtonGroup
            labelText={T.processingTime}
            name={`${ids}-processing-time`}
            value={optionId ?? undefined}
            onChange={(v) => chooseOption.mutate(v as DeliveryOptionId)}
          >
            {(options.data ?? []).map((o) => (
              <RadioButton key={o.id} value={o.id} hintText={`${o.description}. ${T.optionPrice(formatEuro(o.firstItemCents), formatEuro(o.nextItemCents))}`}>
                {o.label}
              </RadioButton>
            ))}
          </RadioButtonGroup>
          {optionId && (
            <>
              <p className="chat__total">{T.total(formatEuro(handlingPriceCents(optionId, itemCount)))}</p>
              <Button onClick={() => send.mutate()} disabled={send.isPending || itemCount === 0}>
                {send.isPending ? T.sending : T.send}
              </Button>
            </>
          )}
        </div>
      )}

      {itemCount > 0 && (
        <section className="cart-summary" aria-label={T.cartHeading}>
          <h3 className="cart-summary__heading">{T.cartHeading}</h3>
          <ul>
            {cart!.items.map((item) => (
              <li key={item.id}>
                {item.displayName} <span className="cart-summary__format">{item.format}</span>
                {item.reason && <span className="cart-summary__reason"> – {item.reason}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div ref={endRef} />
    </section>
  );
}
