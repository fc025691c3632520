import { InlineAlert } from 'suomifi-ui-components';

/**
 * A form's error, in a live region that is always in the page (a region added together with its
 * text is not announced by every screen reader). `id` lets the inputs point at it.
 */
export function FormErrorAlert({ error, id }: { error: string | null | undefined; id?: string }) {
  return (
    <div role="alert" aria-live="assertive" id={id}>
      {error && (
        <InlineAlert status="error" mb="m">
          {error}
        </InlineAlert>
      )}
    </div>
  );
}
