/**
 * The feedback prompt (SPEC section 2, feedback modal): after a decision delivered within 24 h the
 * server has a question (GET /my-feedback-question, 204 when none); the modal shows it with five
 * stars (one radio group, none chosen until the patient chooses: issue 27), 'Anna palautetta' and
 * 'Lähetä', then a thank-you. Asked once per decision: sending answers it for good, closing hides
 * it in this browser. It waits until the patient has had the decided card on screen for a few
 * seconds (issue 27: opening the moment a decision arrived covered the decision itself, even a
 * rejection), whether the decision came live (socket) or was there when the page opened, and never
 * over a chat the patient is in the middle of (issue 45). One modal for the question and the
 * thank-you, so Escape closes either: sent, the focus goes to the thank-you; closed, back to where
 * the patient was (or the decided card).
 */
import { useEffect, useId, useState } from 'react';
import { Button, Modal, ModalContent, ModalFooter, ModalTitle, Textarea } from 'suomifi-ui-components';
import { useSession } from '../auth/useSession';
import { focusAfterRender, mainHeading } from '../components/focus-after-render';
import { t } from '../i18n/i18n';
import { chatUnfinished } from './chat-progress';
import { useFeedbackQuestion, useSendFeedback } from './customer-hooks';
import 'virtual:finnish-texts/customer';
const DISMISSED_KEY = 'resepti.feedback.dismissed';
const STARS = [1, 2, 3, 4, 5] as const;

function dismissed(): number[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

function dismiss(orderId: number): void {
  try {
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed(), orderId].slice(-50)));
  } catch {
    // storage unavailable: the prompt may come back on the next visit
  }
}

/** How long a decided card of the order must have been on screen, the page visible, before the prompt opens. */
const RESULT_SEEN_MS = 5000;
const SEEN_CHECK_MS = 500;

function onScreen(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
}

function decidedCards(orderId: number): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[data-decided-order="${orderId}"]`)];
}

/**
 * True once a card marked data-decided-order={orderId} has been on screen for RESULT_SEEN_MS in
 * all, and the customer's chat is not mid-way (checked on each tick: the prompt opens once it is done).
 */
function useResultSeen(orderId: number | null, customerId: number | undefined): boolean {
  const [seen, setSeen] = useState<number | null>(null);
  useEffect(() => {
    if (orderId === null || seen === orderId) return;
    let shown = 0;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && decidedCards(orderId).some(onScreen)) shown += SEEN_CHECK_MS;
      if (shown >= RESULT_SEEN_MS && (customerId === undefined || !chatUnfinished(customerId))) {
        window.clearInterval(timer);
        setSeen(orderId);
      }
    }, SEEN_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [orderId, seen, customerId]);
  return orderId !== null && seen === orderId;
}

export function FeedbackModal() {
  const ids = useId();
  const customerId = useSession('customer').data?.id;
  const question = useFeedbackQuestion();
  const resultSeen = useResultSeen(question.data?.orderId ?? null, customerId);
  const [score, setScore] = useState<1 | 2 | 3 | 4 | 5 | null>(null);
  const [missingScore, setMissingScore] = useState(false);
  const [thanked, setThanked] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [hidden, setHidden] = useState<number | null>(null);
  const titleId = `${ids}-title`;
  const thanksId = `${ids}-thanks`;
  // Sent: answered for good; this browser also stops showing it at once.
  const send = useSendFeedback({
    onSuccess: (_data, { orderId }) => {
      if (orderId === undefined) return;
      dismiss(orderId);
      setThanked(orderId);
      focusAfterRender(() => document.getElementById(thanksId));
    },
  });

  const current = question.data ?? null;
  const thanking = thanked !== null && thanked !== hidden;
  const asking = !thanking && current !== null && resultSeen && current.orderId !== hidden && !dismissed().includes(current.orderId);
  const orderId = thanking ? thanked : (current?.orderId ?? null);
  const visible = thanking || asking;

  if (!visible || orderId === null) return null;

  const close = () => {
    dismiss(orderId);
    setHidden(orderId);
    // The modal hands the focus back to where it was when it opened; when that was nowhere (it
    // opened by itself), to the decided card the feedback was about.
    focusAfterRender(() => {
      const returned = document.activeElement;
      return [returned instanceof HTMLElement && returned !== document.body ? returned : null, decidedCards(orderId)[0], mainHeading()];
    });
  };

  return (
    <Modal appElementId="root" visible onEscKeyDown={close} ariaLabelledBy={thanking ? thanksId : titleId} className={send.isPending ? 'is-busy' : undefined}>
      {thanking ? (
        <ModalContent>
          <ModalTitle id={thanksId}>{t('customer.feedback.thanks')}</ModalTitle>
          <p>{t('customer.feedback.thanksText')}</p>
        </ModalContent>
      ) : (
        <ModalContent>
          <ModalTitle id={titleId}>{t('customer.feedback.heading')}</ModalTitle>
          <p>{current?.question}</p>
          <fieldset className="stars">
            <legend>{t('customer.feedback.rating')}</legend>
            {STARS.map((n) => {
              const on = score !== null && n <= score;
              return (
                <label key={n} className={`stars__star${on ? ' stars__star--on' : ''}`}>
                  <input
                    type="radio"
                    name={`${ids}-score`}
                    value={n}
                    checked={score === n}
                    // One Tab stop for the group also before a choice (the browser makes each unchecked radio its own).
                    tabIndex={score === null && n !== 1 ? -1 : undefined}
                    onChange={() => {
                      setScore(n);
                      setMissingScore(false);
                    }}
                    className="visually-hidden"
                  />
                  {/* Filled or hollow, not by colour alone. */}
                  <span aria-hidden="true">{on ? '★' : '☆'}</span>
                  <span className="visually-hidden">{t('customer.feedback.star', { n })}</span>
                </label>
              );
            })}
          </fieldset>
          <Textarea labelText={t('customer.feedback.textLabel')} optionalText="" value={text} onChange={(e) => setText(e.target.value)} fullWidth maxLength={2000} />
          {missingScore && (
            <p className="error-text" role="alert">
              {t('customer.feedback.chooseScore')}
            </p>
          )}
          {send.isError && (
            <p className="error-text" role="alert">
              {t('customer.feedback.failed')}
            </p>
          )}
        </ModalContent>
      )}
      <ModalFooter>
        {!thanking && (
          <Button
            disabled={send.isPending}
            onClick={() => {
              if (score === null) return setMissingScore(true);
              send.mutate({ orderId, score, feedbackText: text.trim() });
            }}
          >
            {t('customer.feedback.send')}
          </Button>
        )}
        <Button variant={thanking ? 'default' : 'secondary'} onClick={close} disabled={send.isPending}>
          {t('customer.feedback.close')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
