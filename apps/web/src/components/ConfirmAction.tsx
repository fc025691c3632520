/**
 * An action that cannot be undone asks first, in place: the trigger gives way to the question
 * with the confirming button (focused) and 'Peruuta'; Escape or 'Peruuta' puts the trigger back
 * and focus on it.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from 'suomifi-ui-components';
import { t } from '../i18n/i18n';

interface ConfirmActionProps {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** The trigger; call `ask` from its click handler. */
  children: (ask: () => void) => ReactNode;
  className?: string;
}

export function ConfirmAction({ question, confirmLabel, onConfirm, children, className }: ConfirmActionProps) {
  const ids = useId();
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLSpanElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      triggerRef.current?.querySelector<HTMLElement>('button, a, [tabindex]')?.focus();
    }
  }, [asking]);

  function cancel() {
    returnFocus.current = true;
    setAsking(false);
  }

  if (!asking) {
    return (
      <span ref={triggerRef} className={className}>
        {children(() => setAsking(true))}
      </span>
    );
  }
  return (
    <div
      className={`confirm-action${className ? ` ${className}` : ''}`}
      role="group"
      aria-labelledby={`${ids}-question`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          cancel();
        }
      }}
    >
      <p id={`${ids}-question`} className="confirm-action__question">
        {question}
      </p>
      <div className="confirm-action__buttons">
        <Button
          ref={confirmRef}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={cancel}>
          {t('app.common.cancel')}
        </Button>
      </div>
    </div>
  );
}
