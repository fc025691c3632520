/** suomifi's LoadingSpinner, in a chunk of its own (components/PageLoading.tsx loads it on first use). */
import { LoadingSpinner } from 'suomifi-ui-components';

export function Spinner({ text }: { text: string }) {
  return <LoadingSpinner text={text} textAlign="right" />;
}
