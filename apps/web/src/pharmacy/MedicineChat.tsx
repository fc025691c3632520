/**
 * Step 3 of 'Reseptin tilaus': the chat for choosing medicines. Prefix search with
 * auto-complete (MedicineSearch), optional additional info, the created-request summary, confirm or cancel;
 * then another medicine or 'Tilaus valmis', the processing-time choice and 'Lähetä tilaus'.
 * Keyboard first: after every step focus moves to the next thing to do (the next input or
 * the main choice), and new chat lines are read out by a polite live region. With medicines
 * in the cart there is always a way on to 'Tilaus valmis', also after 'Peruuta'.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, RadioButton, RadioButtonGroup, TextInput } from 'suomifi-ui-components';
import { formatEuro, handlingPriceCents, type DeliveryOptionId, type PharmacyCart, type Product } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { type ChatBubble, ChatLog } from '../components/ChatLog';
import { MedicineSearch } from '../components/MedicineSearch';
import { t } from '../i18n/i18n';
import { pharmacyProductSearch, useAddCartItem, useChooseDeliveryOption, useDeliveryOptions, useSendCart } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

type Stage = 'search' | 'info' | 'confirm' | 'added' | 'time';


/** '9,90 € / lääke', or the first medicine's price and the next ones'. */
function optionPrice(firstEuro: string, nextEuro: string): string {
  return firstEuro === nextEuro ? t('pharmacy.chat.optionPriceSame', { firstEuro }) : t('pharmacy.chat.optionPrice', { firstEuro, nextEuro });
}

export function MedicineChat({ patientHetu, cart, onSent }: { patientHetu: string; cart: PharmacyCart | undefined; onSent: () => void }) {
  const ids = useId();
  const options = useDeliveryOptions();

  const itemCount = cart?.items.length ?? 0;
  const [stage, setStage] = useState<Stage>(itemCount > 0 ? 'added' : 'search');
  const nextId = useRef(1);
  const [bubbles, setBubbles] = useState<ChatBubble[]>(() => [{ id: 0, from: 'bot', text: t('pharmacy.chat.askMedicine') }]);
  const [picked, setPicked] = useState<Product | null>(null);
  const [info, setInfo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const optionId = cart?.deliveryOptionId ?? null;
  const endRef = useRef<HTMLDivElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);

  // The next thing to do gets the focus whenever the step changes.
  useEffect(() => {
    const controls = controlsRef.current;
    if (!controls) return;
    const target =
      stage === 'confirm'
        ? confirmRef.current
        : stage === 'added'
          ? doneRef.current
          : stage === 'time'
            ? (controls.querySelector<HTMLInputElement>('input[type="radio"]:checked') ?? controls.querySelector<HTMLInputElement>('input[type="radio"]'))
            : controls.querySelector<HTMLInputElement>('input');
    target?.focus();
  }, [stage, options.isSuccess]);

  const say = (from: ChatBubble['from'], text: string, lines?: string[]) =>
    setBubbles((list) => [...list, { id: nextId.current++, from, text, lines }]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [bubbles, stage]);

  const failed = (e: Error) => setError(errorText(e, t('pharmacy.workbench.failed')));
  const add = useAddCartItem(patientHetu, {
    onSuccess: (_cart, { product }) => {
      say('user', t('pharmacy.chat.confirm'));
      say('bot', t('pharmacy.chat.added', { name: product.displayName }));
      setStage('added');
    },
    onError: (e) => {
      failed(e);
      backToSearch();
    },
  });
  const chooseOption = useChooseDeliveryOption(patientHetu, { onError: failed });
  const send = useSendCart(patientHetu, { onSuccess: onSent, onError: failed });

  function backToSearch() {
    setPicked(null);
    setInfo('');
    say('bot', t('pharmacy.chat.askMedicine'));
    setStage('search');
  }

  function pick(product: Product) {
    setError(null);
    setPicked(product);
    say('user', product.displayName);
    say('bot', t('pharmacy.chat.askInfo'));
    setStage('info');
  }

  function giveInfo() {
    if (!picked) return;
    const text = info.trim();
    if (text) say('user', text);
    const lines = [picked.displayName, picked.format, t('pharmacy.chat.summaryRenewal')];
    if (text) lines.push(t('pharmacy.chat.summaryInfo', { info: text }));
    say('bot', t('pharmacy.chat.summaryHeading'), lines);
    say('bot', t('pharmacy.chat.askConfirm'));
    setStage('confirm');
  }

  /** 'Peruuta': with medicines already in the cart the user chooses again between another medicine and 'Tilaus valmis'. */
  function cancelRequest() {
    say('user', t('pharmacy.chat.cancel'));
    if (itemCount === 0) return backToSearch();
    setPicked(null);
    setInfo('');
    say('bot', t('pharmacy.chat.askNext'));
    setStage('added');
  }

  function done() {
    say('user', t('pharmacy.chat.done'));
    setStage('time');
  }

  return (
    <section className="medicine-chat" aria-label={t('pharmacy.chat.label')}>
      <ChatLog bubbles={bubbles} />

      <div role="alert" aria-live="assertive">
        {error && <p className="ph-error">{error}</p>}
      </div>

      <div ref={controlsRef}>
        {stage === 'search' && (
          <MedicineSearch search={pharmacyProductSearch} onPick={pick} onType={() => setError(null)}>
            {itemCount > 0 && (
              <Button variant="secondary" mt="s" onClick={done}>
                {t('pharmacy.chat.done')}
              </Button>
            )}
          </MedicineSearch>
        )}

        {stage === 'info' && (
          <form
            className="chat__controls"
            onSubmit={(e) => {
              e.preventDefault();
              giveInfo();
            }}
          >
            <TextInput id={`${ids}-info`} labelText={t('pharmacy.chat.infoLabel')} optionalText="" value={info} onChange={(v) => setInfo(String(v ?? ''))} fullWidth autoFocus />
            <Button type="submit" mt="s">
              {t('pharmacy.chat.continue')}
            </Button>
          </form>
        )}

        {stage === 'confirm' && picked && (
          <div className="chat__controls chat__buttons">
            <Button variant="secondary" onClick={cancelRequest} disabled={add.isPending}>
              {t('pharmacy.chat.cancel')}
            </Button>
            <Button ref={confirmRef} onClick={() => add.mutate({ product: picked, reason: info.trim() })} disabled={add.isPending}>
              {t('pharmacy.chat.confirm')}
            </Button>
          </div>
        )}

        {stage === 'added' && (
          <div className="chat__controls chat__buttons">
            <Button
              variant="secondary"
              onClick={() => {
                say('user', t('pharmacy.chat.another'));
                backToSearch();
              }}
            >
              {t('pharmacy.chat.another')}
            </Button>
            <Button ref={doneRef} onClick={done} disabled={itemCount === 0}>
              {t('pharmacy.chat.done')}
            </Button>
          </div>
        )}

        {stage === 'time' && (
          <div className="chat__controls">
            <RadioButtonGroup
              labelText={t('pharmacy.chat.processingTime')}
              name={`${ids}-processing-time`}
              value={optionId ?? undefined}
              onChange={(v) => chooseOption.mutate(v as DeliveryOptionId)}
            >
              {(options.data ?? []).map((o) => (
                <RadioButton key={o.id} value={o.id} hintText={`${o.description}. ${optionPrice(formatEuro(o.firstItemCents), formatEuro(o.nextItemCents))}`}>
                  {o.label}
                </RadioButton>
              ))}
            </RadioButtonGroup>
            {optionId && (
              <>
                <p className="chat__total">{t('pharmacy.chat.total', { euro: formatEuro(handlingPriceCents(optionId, itemCount)) })}</p>
                <Button onClick={() => send.mutate()} disabled={send.isPending || itemCount === 0}>
                  {send.isPending ? t('pharmacy.chat.sending') : t('pharmacy.chat.send')}
                </Button>
              </>
            )}
          </div>
        )}

      </div>

      {itemCount > 0 && (
        <section className="cart-summary" aria-label={t('pharmacy.chat.cartHeading')}>
          <h3 className="cart-summary__heading">{t('pharmacy.chat.cartHeading')}</h3>
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
