/** The lines of a chat (pharmacy's medicine choice, customer's 'Hae Reseptiä'), read out by a polite live region. */
import './chat.css';

export interface ChatBubble {
  id: number;
  from: 'bot' | 'user';
  text: string;
  /** A small heading above the text (e.g. 'Kysymys 3'). */
  label?: string;
  /** A summary: `text` as its heading over these lines. */
  lines?: string[];
}

export function ChatLog({ bubbles }: { bubbles: readonly ChatBubble[] }) {
  return (
    <ol className="chat" aria-live="polite">
      {bubbles.map((b) => (
        <li key={b.id} className={`chat__bubble chat__bubble--${b.from}`}>
          {b.label && <span className="chat__step">{b.label}</span>}
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
            <span className="chat__text">{b.text}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
