/**
 * The 'Hae Reseptiä' chat's progress, kept in this tab's session storage (issue 27): a reload, a
 * page whose code failed to load while offline, or a visit to 'Oma tili' and back continues the
 * chat where it was. Keyed by the customer, so another sign-in in the same tab starts afresh.
 */
import { useEffect, useState } from 'react';
import type { NumberedChatEntry, Product, QuestionnaireStep, Topic } from '@resepti/domain';
import type { ChatBubble } from '../components/ChatLog';

export type Stage =
  | { kind: 'start' }
  | { kind: 'medicine' }
  | { kind: 'reason'; product: Product }
  | { kind: 'confirmRenewal'; product: Product; reason: string }
  | { kind: 'topic' }
  | { kind: 'question'; topic: Topic; step: QuestionnaireStep }
  | { kind: 'end'; topic: Topic; step: QuestionnaireStep }
  | { kind: 'added' };

export interface ChatProgress {
  bubbles: ChatBubble[];
  stage: Stage;
  record: NumberedChatEntry[];
  reason: string;
  text: string;
  picks: string[];
}

const KEY_PREFIX = 'resepti.chat.';

function read(key: string): ChatProgress | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ChatProgress>;
    if (!Array.isArray(value.bubbles) || typeof value.stage?.kind !== 'string' || !Array.isArray(value.record)) return null;
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
