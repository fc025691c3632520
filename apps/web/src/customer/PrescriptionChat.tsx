/**
 * 'Hae Reseptiä' (SPEC section 4, patient chat): a greeting and two paths. 'Vanhan reseptin
 * uusinta': the medicine by prefix search, a reason, confirm or cancel. 'Uusi resepti': a topic
 * offered to the customer's sex, the scripted questionnaire from libs/domain (single choice,
 * multi choice with at least one pick, free text) with its step numbers, and at an end step that
 * allows ordering 'Kyllä, haetaan reseptiä' or cancel. The chat sent with the request carries
 * each entry's step, so the server replays the path; the end step's text (discardOnSave) is left
 * out. Afterwards 'Haen toista reseptiä' or 'Olen valmis'. Focus moves to the next thing to do and
 * new lines are read out by a polite live region, as in the pharmacy's chat. Questions are numbered
 * as the patient meets them (a man's allergy questions 1, 2, 3, 4: the pregnancy question is not
 * asked), and every line is kept as catalog keys, so a language switch re-renders the whole chat.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, TextInput } from 'suomifi-ui-components';
import {
  dosageFormName,
  QUESTIONNAIRE_FIRST_STEP,
  questionnaireKeys,
  isEndStep,
  questionnaireStepFor,
  topicsForSex,
  type Product,
  type QuestionnaireStep,
  type Topic,
} from '@resepti/domain';
import { errorText } from '../api/error-text';
import { ChatLog } from '../components/ChatLog';
import { MedicineSearch } from '../components/MedicineSearch';
import { ROUTES } from '../routes/routes';
import { currentLanguage, t, useLanguage } from '../i18n/i18n';
import { type ChatLine, type ChatProgress, type ChatText, chatBubbles, type Stage, useChatProgress } from './chat-progress';
import { CentrePrescriptionsOffer } from './CentrePrescriptionsOffer';
import { chatActivity } from './customer-api';
import { customerProductSearch, useAddCartItem } from './customer-hooks';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';

/** An answer of the questionnaire: its catalog key, or a typed answer as it is. */
function answerWords(topic: Topic, step: QuestionnaireStep, text: string): ChatText {
  const key = questionnaireKeys.answer(topic.id, step, text);
  return key ? { key } : text;
}

/** An answer of the questionnaire in the patient's language (a typed answer as it is). */
function answerLabel(topic: Topic, step: QuestionnaireStep, text: string): string {
  const key = questionnaireKeys.answer(topic.id, step, text);
  return key ? t(key) : text;
}

const questionLabel = (n: number): ChatText => ({ key: 'customer.chat.stepLabel', params: { n } });

export function PrescriptionChat({ customerId, firstName, sex }: { customerId: number; firstName: string; sex: 'm' | 'f' }) {
  const ids = useId();
  const navigate = useNavigate();
  // The lines are rendered in the language of the moment: a switch renders them again.
  useLanguage();
  const greeting: ChatText = { key: 'customer.chat.greeting', params: { firstName } };
  const [progress, update] = useChatProgress(customerId, () => ({ bubbles: [{ id: 0, from: 'bot', text: greeting }], stage: { kind: 'start' }, record: [], reason: '', text: '', picks: [] }));
  const { bubbles, stage, record, reason, text, picks } = progress;
  const set = (patch: Partial<ChatProgress>) => update((p) => ({ ...p, ...patch }));
  const setStage = (next: Stage) => set({ stage: next });
  const setReason = (value: string) => set({ reason: value });
  const setText = (value: string) => set({ text: value });
  const setPicks = (change: string[] | ((p: string[]) => string[])) => update((p) => ({ ...p, picks: typeof change === 'function' ? change(p.picks) : change }));
  const setRecord = (change: ChatProgress['record'] | ((r: ChatProgress['record']) => ChatProgress['record'])) =>
    update((p) => ({ ...p, record: typeof change === 'function' ? change(p.record) : change }));
  const [error, setError] = useState<string | null>(null);
  const controlsRef = useRef<HTMLDivElement>(null);

  const say = (from: ChatLine['from'], line: ChatText, extra: Partial<ChatLine> = {}) => {
    // Answering the chat is the patient's own activity, though it sends nothing until the end.
    if (from === 'user') chatActivity();
    update((p) => ({ ...p, bubbles: [...p.bubbles, { id: p.bubbles.reduce((max, b) => Math.max(max, b.id), 0) + 1, from, text: line, ...extra }] }));
  };

  // The next thing to do gets the focus whenever the step changes (not on first render): the
  // step's primary action when it has one (so Enter never cancels), else its first control.
  const stepKey = stage.kind === 'question' || stage.kind === 'end' ? `${stage.kind}-${stage.topic.id}-${stage.step.id}` : stage.kind;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const controls = controlsRef.current;
    const next = controls?.querySelector<HTMLElement>('[data-primary]:not([disabled])') ?? controls?.querySelector<HTMLElement>('input, button:not([disabled])');
    next?.focus({ preventScroll: true });
    next?.scrollIntoView?.({ block: 'nearest' });
  }, [stepKey]);

  const add = useAddCartItem({
    onSuccess: (_cart, { name }) => {
      say('bot', { key: 'customer.chat.added', params: { name } });
      setStage({ kind: 'added' });
    },
    onError: (e) => setError(errorText(e, t('customer.chat.failed'))),
  });

  function restart() {
    setError(null);
    setRecord([]);
    setReason('');
    say('bot', greeting);
    setStage({ kind: 'start' });
  }

  function choosePath(path: 'renewal' | 'new') {
    setError(null);
    if (path === 'renewal') {
      say('user', { key: 'customer.chat.renewal' });
      say('bot', { key: 'customer.chat.askMedicine' });
      setStage({ kind: 'medicine' });
    } else {
      say('user', { key: 'customer.chat.newPrescription' });
      say('bot', { key: 'customer.chat.askTopic' });
      setStage({ kind: 'topic' });
    }
  }

  function pickMedicine(product: Product) {
    say('user', product.displayName);
    say('bot', { key: 'customer.chat.askReason' });
    setReason('');
    setStage({ kind: 'reason', product });
  }

  function giveReason(product: Product) {
    const given = reason.trim();
    // SPEC section 4: the patient gives the doctor a reason.
    if (!given) return setError(t('customer.chat.reasonRequired'));
    setError(null);
    say('user', given);
    const lines: ChatText[] = [product.displayName, dosageFormName(product.format, currentLanguage()), { key: 'customer.chat.summaryReason', params: { reason: given } }];
    say('bot', { key: 'customer.chat.summaryHeading' }, { lines });
    setStage({ kind: 'confirmRenewal', product, reason: given });
  }

  /**
   * Shows a questionnaire step: a question to answer, or an end step (questions of the other sex
   * passed over). `n` is the question's number as the patient sees it: the questions met so far
   * plus one, never the step's id (which counts the steps passed over and the other branches).
   */
  function goToStep(topic: Topic, id: number, n: number) {
    const step = questionnaireStepFor(topic.id, id, sex);
    if (!step) return restart();
    say('bot', { key: questionnaireKeys.question(topic.id, step) }, isEndStep(step) ? {} : { label: questionLabel(n) });
    setText('');
    setPicks([]);
    setStage(isEndStep(step) ? { kind: 'end', topic, step } : { kind: 'question', topic, step, n });
  }

  function pickTopic(topic: Topic) {
    say('user', { key: questionnaireKeys.topic(topic.id) });
    setRecord([]);
    goToStep(topic, QUESTIONNAIRE_FIRST_STEP, 1);
  }

  function answer(stage: Extract<Stage, { kind: 'question' }>, answerText: string, next: number | undefined) {
    const { topic, step } = stage;
    if (next === undefined) return;
    setError(null);
    // The screen shows the patient's language; the record keeps the questionnaire's Finnish source
    // (the server replays the path against it, and the doctor reads it).
    say('user', { list: answerText.split(', ').map((text) => answerWords(topic, step, text)) });
    setRecord((r) => [...r, { text: step.question, type: 'question', step: step.id }, { text: answerText, type: 'answer', step: step.id }]);
    goToStep(topic, next, stage.n + 1);
  }

  function cancel() {
    say('user', { key: 'customer.chat.cancel' });
    say('bot', { key: 'customer.chat.cancelled' });
    restart();
  }

  return (
    <section className="rx-chat" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="rx-chat__heading">
        {t('customer.chat.heading')}
      </h2>
      <ChatLog bubbles={chatBubbles(bubbles)} />

      <div role="alert" aria-live="assertive">
        {error && <p className="error-text">{error}</p>}
      </div>

      {stage.kind === 'medicine' && <CentrePrescriptionsOffer onPick={pickMedicine} />}
      <div ref={controlsRef}>
        {stage.kind === 'start' && (
          <div className="chat__controls chat__buttons">
            <Button onClick={() => choosePath('renewal')}>{t('customer.chat.renewal')}</Button>
            <Button onClick={() => choosePath('new')}>{t('customer.chat.newPrescription')}</Button>
          </div>
        )}

        {stage.kind === 'medicine' && (
          <MedicineSearch search={customerProductSearch} onPick={pickMedicine} onType={() => setError(null)}>
            <Button variant="secondary" mt="s" onClick={cancel}>
              {t('customer.chat.cancel')}
            </Button>
          </MedicineSearch>
        )}

        {stage.kind === 'reason' && (
          <form
            className="chat__controls"
            onSubmit={(e) => {
              e.preventDefault();
              giveReason(stage.product);
            }}
          >
            <TextInput
              id={`${ids}-reason`}
              labelText={t('customer.chat.reasonLabel')}
              value={reason} onChange={(v) => {
                setReason(String(v ?? ''));
                setError(null);
              }}
              fullWidth
              maxLength={1000}
            />
            <Button type="submit" mt="s">
              {t('customer.chat.continue')}
            </Button>
          </form>
        )}

        {stage.kind === 'confirmRenewal' && (
          <div className="chat__controls chat__buttons">
            <Button variant="secondary" onClick={cancel} disabled={add.isPending}>
              {t('customer.chat.cancel')}
            </Button>
            <Button data-primary onClick={() => add.mutate({ item: { type: 'renewal', productId: stage.product.productId, reason: stage.reason }, name: stage.product.displayName })} disabled={add.isPending}>
              {t('customer.chat.confirmRenewal')}
            </Button>
          </div>
        )}

        {stage.kind === 'topic' && (
          <div className="chat__controls chat__buttons">
            {topicsForSex(sex).map((topic) => (
              <Button key={topic.id} variant="secondary" onClick={() => pickTopic(topic)}>
                {t(questionnaireKeys.topic(topic.id))}
              </Button>
            ))}
            <Button variant="secondaryNoBorder" onClick={cancel}>
              {t('customer.chat.cancel')}
            </Button>
          </div>
        )}

        {stage.kind === 'question' && stage.step.type === 'oneOf' && (
          <div className="chat__controls chat__buttons" role="group" aria-label={t('customer.chat.stepLabel', { n: stage.n })}>
            {(stage.step.answers ?? []).map((a) => (
              <Button key={a.text} variant="secondary" onClick={() => answer(stage, a.text, a.next)}>
                {answerLabel(stage.topic, stage.step, a.text)}
              </Button>
            ))}
          </div>
        )}

        {stage.kind === 'question' && stage.step.type === 'multiChoice' && (
          <form
            className="chat__controls"
            onSubmit={(e) => {
              e.preventDefault();
              if (picks.length === 0) return setError(t('customer.chat.pickAtLeastOne'));
              // In the questionnaire's order, joined as the server expects.
              const chosen = (stage.step.answers ?? []).filter((a) => picks.includes(a.text)).map((a) => a.text);
              answer(stage, chosen.join(', '), stage.step.next);
            }}
          >
            <fieldset className="chat__choices">
              <legend className="visually-hidden">{t('customer.chat.stepLabel', { n: stage.n })}</legend>
              {(stage.step.answers ?? []).map((a) => (
                <Checkbox
                  key={a.text}
                  checked={picks.includes(a.text)}
                  onClick={({ checkboxState }) => {
                    setError(null);
                    setPicks((p) => (checkboxState ? [...p, a.text] : p.filter((x) => x !== a.text)));
                  }}
                >
                  {answerLabel(stage.topic, stage.step, a.text)}
                </Checkbox>
              ))}
            </fieldset>
            <Button type="submit" mt="s">
              {t('customer.chat.continue')}
            </Button>
          </form>
        )}

        {stage.kind === 'question' && stage.step.type === 'textInput' && (
          <form
            className="chat__controls"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim() !== '') answer(stage, text.trim(), stage.step.next);
            }}
          >
            <TextInput
              id={`${ids}-answer-${stage.step.id}`}
              labelText={t('customer.chat.answerLabel')}
              visualPlaceholder={stage.step.placeholder && t(questionnaireKeys.placeholder(stage.topic.id, stage.step))}
              value={text}
              onChange={(v) => setText(String(v ?? ''))}
              fullWidth
              maxLength={2000}
            />
            <Button type="submit" mt="s" disabled={text.trim() === ''}>
              {t('customer.chat.continue')}
            </Button>
          </form>
        )}

        {stage.kind === 'end' && stage.step.canOrder && (
          <div className="chat__controls chat__buttons">
            <Button variant="secondary" onClick={cancel} disabled={add.isPending}>
              {t('customer.chat.cancel')}
            </Button>
            <Button data-primary onClick={() => add.mutate({ item: { type: 'prescription', medicalProblem: stage.topic.id, chat: record }, name: { key: questionnaireKeys.topic(stage.topic.id) } })} disabled={add.isPending}>
              {t(questionnaireKeys.orderConfirm)}
            </Button>
          </div>
        )}

        {stage.kind === 'end' && !stage.step.canOrder && (
          <div className="chat__controls chat__buttons">
            <Button variant="secondary" onClick={restart}>
              {t('customer.chat.startOver')}
            </Button>
          </div>
        )}

        {stage.kind === 'added' && (
          <div className="chat__controls chat__buttons">
            <Button
              variant="secondary"
              onClick={() => {
                say('user', { key: 'customer.chat.another' });
                restart();
              }}
            >
              {t('customer.chat.another')}
            </Button>
            <Button data-primary onClick={() => navigate(ROUTES.customerHandling)}>
              {t('customer.chat.ready')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
