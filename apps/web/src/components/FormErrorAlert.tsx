import { InlineAlert } from 'suomifi-ui-components';

/**
 * A form's errors, in a live region that is always in the page (a region added together with its
 * text is not announced by every screen reader), one per line. `id` lets the inputs point at it.
 */
export function FormErrorAlert({ error, errors = error ? [error] : [], id, spaced = false }: { error?: string | null; errors?: readonly string[]; id?: string; spaced?: boolean }) {
  return (
    <div role="alert" aria-live="assertive" id={id}>
      {errors.length > 0 && (
        <InlineAlert status="error" mt={spaced ? 's' : undefined} mb="m">
          {errors.length === 1
            ? errors[0]
            : errors.map((m) => (
                <span key={m} className="form-error">
                  {m}
                </span>
              ))}
        </InlineAlert>
      )}
    </div>
  );
}
