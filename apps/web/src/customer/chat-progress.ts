/**
 * The 'Hae Reseptiä' chat's progress, kept in this tab's session storage (issue 27): a reload, a
 * page whose code failed to load while offline, or a visit to 'Oma tili' and back continues the
 * chat where it was. Keyed by the customer, so another sign-in in the same tab starts afresh.
 *
 * A line keeps its words as catalog keys with their params (ChatText), never as rendered text, so
 * switching the language mid-chat shows the earlier lines in the new language too (issue 45).
 */
import { useEffect, useState } from 'react';
import type { NumberedChatEntry, Product, QuestionnaireStep, TextKey, Topic } from '@resepti/domain';
import type { ChatBubble } from '../components/ChatLog';
import { t } from '../i18n/i18n';

/**
 * The words of a chat line: a plain string is shown as it is (the patient's own words, a
 * medicine's name); a key is read in the language of the moment, its params rendered the same way;
 * a list is its parts joined by ', ' (the picks of a multi-choice).
 */
export type ChatText = string | { key: TextKey; params?: Record<string, ChatText | number> } | { list: ChatText[] };

/** A chat line as kept: ChatLog's bubble with words instead of text. */
export interface ChatLine {
  id: number;
  from: ChatBubble['from'];
  text: ChatText;
  label?: ChatText;
  lines?: ChatText[];
}

/** The words in the current language. */
export function chatText(text: ChatText): string {
  if (typeof text === 'string') return text;
  if ('list' in text) return text.list.map(chatText).join(', ');
  const params = Object.fromEntries(Object.entries(text.params ?? {}).map(([name, value]) => [name, typeof value === 'number' ? value : chatText(value)]));
  return t(text.key, params);
}

/** The lines as ChatLog shows them, in the current language. */
export function chatBubbles(lines: readonly ChatLine[]): ChatBubble[] {
  return lines.map(({ id, from, text, label, lines: summary }) => ({
    id,
    from,
    text: chatText(text),
    ...(label === undefined ? {} : { label: chatText(label) }),
    ...(summary === undefined ? {} : { lines: summary.map(chatText) }),
  }));
}

export type Stage =
  | { kind: 'start' }
  | { kind: 'medicine' }
  | { kind: 'reason'; product: Product }
  | { kind: 'confirmRenewal'; product: Product; reason: string }
  | { kind: 'topic' }
  /** `n`: the question's number as the patient sees it (1, 2, 3… along the path taken). */
  | { kind: 'question'; topic: Topic; step: QuestionnaireStep; n: number }
  | { kind: 'end'; topic: Topic; step: QuestionnaireStep }
  | { kind: 'added' };

export interface ChatProgress {
  bubbles: ChatLine[];
  stage: Stage;
  record: NumberedChatEntry[];
  reason: string;
  text: string;
  picks: string[];
}

// v2: lines keep keys (a chat kept by the previous release, with rendered texts, starts afresh).
const KEY_PREFIX = 'resepti.chat.v2.';

function read(key: string): ChatProgress | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ChatProgress>;
    if (!Array.isArray(value.bubbles) || typeof value.stage?.kind !== 'string' || !Array.isArray(value.record)) return null;
    if (value.stage.kind === 'question' && typeof value.stage.n !== 'number') return null;
    return { bubbles: value.bubbles, stage: value.stage, record: value.record, reason: value.reason ?? '', text: value.text ?? '', picks: value.picks ?? [] };
  } catch {
    return null;
  }
}

/** The chat's state, restored from and written back to session storage under the customer's key. */
export function useChatProgress(customerId: number, initial: () => ChatProgress): [ChatProgress, (update: (p: ChatProgress) => ChatProgress) => void] {
  const key = `${KEY_PREFIX}${customerId}`;
  const [progress, setProgress] = useState<ChatProgress>(() => read(key) ?? initial());
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(progress));
    } catch {
      // storage full or unavailable: the chat still works, only not across a reload
    }
  }, [key, progress]);
  return [progress, setProgress];
}

/**
 * Whether the customer's chat in this tab is mid-way (a renewal or a questionnaire begun, not yet
 * added to the cart): the feedback prompt waits rather than cover it (issue 45).
 */
export function chatUnfinished(customerId: number): boolean {
  const kind = read(`${KEY_PREFIX}${customerId}`)?.stage.kind;
  return kind !== undefined && kind !== 'start' && kind !== 'added';
}
