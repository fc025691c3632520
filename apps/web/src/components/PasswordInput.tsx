/**
 * A password field of the patient's forms (registration, a new password, the profile, closing the
 * account): a full-width suomifi input whose error state points at the form's FormErrorAlert.
 */
import { forwardRef } from 'react';
import { TextInput } from 'suomifi-ui-components';

interface PasswordInputProps {
  id: string;
  labelText: string;
  hintText?: string;
  /** 'new-password' lets a password manager offer a new one; 'current-password' fills the saved one. */
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
  /** The id of the form's errors while the form is invalid, else undefined. */
  errorId: string | undefined;
  autoFocus?: boolean;
  mb?: 's' | 'm';
}

export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { id, labelText, hintText, autoComplete, value, onChange, errorId, autoFocus, mb = 'm' },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      id={id}
      labelText={labelText}
      hintText={hintText}
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(v) => onChange(String(v ?? ''))}
      status={errorId ? 'error' : 'default'}
      aria-describedby={errorId}
      fullWidth
      autoFocus={autoFocus}
      mb={mb}
    />
  );
});
