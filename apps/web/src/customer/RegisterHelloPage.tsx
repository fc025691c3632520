/**
 * /registerHello: where strong identification returns (SPEC sections 2 and 4, Registration).
 * A new person goes through the five-step wizard (greeting, e-mail, phone, password, terms)
 * and lands on /hello; an identified person who already has an account sets a new password.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Checkbox, Heading, Paragraph, TextInput } from 'suomifi-ui-components';
import { EMAIL_TAKEN_CODE, EULA_VERSION, phoneFieldErrors, registrationPasswordErrors, validateEmail, VALIDATION_MESSAGES, type RegistrationData } from '@resepti/domain';
import { isApiError } from '../api/client';
import { errorMessages } from '../api/error-text';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { PageLoading } from '../components/PageLoading';
import { PasswordInput } from '../components/PasswordInput';
import { useCheckRegistrationPassword, useRegisterCustomer, useRegistration, useResetPassword } from './customer-hooks';
import { REGISTRATION_START_URL, ROUTES } from '../routes/routes';
import { t, tObject, localized } from '../i18n/i18n';
import { LegalModal } from '../components/LegalModal';
import { PublicLayout } from '../components/PublicLayout';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';

/** The wizard's step names in the current language. */
const stepNames = () => tObject<readonly string[]>('customer.register.stepNames');
/** The wizard's steps: welcome, e-mail, phone, password, terms (customer.register.stepNames). */
const STEPS = 5;
/** Steps 1 and 2: one text field each (its label and hint are customer.register.{name} and {name}Hint). */
const CONTACT_FIELDS = { 1: { name: 'email', type: 'email' }, 2: { name: 'phone', type: 'tel' } } as const;

function Card({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <div className="card register-card">
          <Link to={ROUTES.home} className="back-link">
            <span aria-hidden="true">← </span>
            {t('app.common.backToHome')}
          </Link>
          {children}
        </div>
      </main>
    </PublicLayout>
  );
}

export function RegisterHelloPage() {
  const registration = useRegistration();

  if (registration.isPending) return <PageLoading />;
  if (!registration.data) {
    return (
      <Card>
        <Heading variant="h1" mt="m" mb="s">
          {t('customer.register.missingHeading')}
        </Heading>
        <Paragraph mb="m">{t('customer.register.missingText')}</Paragraph>
        <a className="button-link button-link--primary" href={REGISTRATION_START_URL}>
          {t('customer.register.identify')}
        </a>
      </Card>
    );
  }
  if (registration.data.tooYoung) {
    return (
      <Card>
        <Heading variant="h1" mt="m" mb="s">
          {t('customer.register.tooYoungHeading')}
        </Heading>
        <Paragraph mb="m">{registration.data.tooYoung}</Paragraph>
      </Card>
    );
  }
  return <Card>{registration.data.registered ? <NewPasswordForm person={registration.data} /> : <Wizard person={registration.data} />}</Card>;
}

function ProgressBar({ step }: { step: number }) {
  const percent = Math.round(((step + 1) / STEPS) * 100);
  return (
    <div className="wizard-progress">
      <p className="wizard-progress__text" id="wizard-progress-text">
        {t('customer.register.progress', { step: step + 1, total: STEPS })}: {stepNames()[step]}
      </p>
      <div
        className="wizard-progress__bar"
        role="progressbar"
        aria-labelledby="wizard-progress-text"
        aria-valuemin={1}
        aria-valuemax={STEPS}
        aria-valuenow={step + 1}
      >
        <div className="wizard-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Wizard({ person }: { person: RegistrationData }) {
  const ids = useId();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [passwordAgain, setPasswordAgain] = useState('');
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const register = useRegisterCustomer({
    onSuccess: () => void navigate(ROUTES.customerHello, { replace: true }),
    onError: (err) => {
      // A taken e-mail is fixed on the e-mail step, its field focused (told by the answer's code, in any language).
      if (isApiError(err, 409) && err.code === EMAIL_TAKEN_CODE) {
        focusEmail.current = true;
        setStep(1);
      }
      setErrors(errorMessages(err, t('customer.register.failed')));
    },
  });
  const passwordRef = useRef<HTMLInputElement>(null);
  // The password step asks the server (its list of common and breached passwords) before moving on.
  const passwordCheck = useCheckRegistrationPassword({
    onSuccess: () => go(4),
    onError: (err) => {
      setErrors(errorMessages(err, t('customer.register.failed')));
      passwordRef.current?.focus();
    },
  });
  // Signed in and on the way to the next page: the form stays busy.
  const pending = register.isPending || register.isSuccess || passwordCheck.isPending;
  const [legal, setLegal] = useState<'terms' | 'privacy' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const focusEmail = useRef(false);
  const first = useRef(true);

  // Each new step is announced by moving focus to its heading (not on the first render); back
  // for a taken e-mail, the focus goes to the field to fix (its message is its description).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = focusEmail.current ? emailRef.current : headingRef.current;
    focusEmail.current = false;
    target?.focus();
  }, [step]);

  function go(to: number) {
    setErrors([]);
    setStep(to);
  }

  // The shared rules answer in Finnish: shown in the current language.
  function check(): string[] {
    return finnishCheck().map(localized);
  }
  function finnishCheck(): string[] {
    switch (step) {
      case 1:
        return [validateEmail(email)].filter((e): e is string => e !== null);
      case 2:
        return phoneFieldErrors(phone);
      case 3:
        return registrationPasswordErrors(password, passwordAgain);
      case 4:
        return terms ? [] : [VALIDATION_MESSAGES.termsRequired];
      default:
        return [];
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const found = check();
    setErrors(found);
    if (found.length > 0) return;
    if (step === 3) return passwordCheck.mutate({ password, email: email.trim() });
    if (step < STEPS - 1) return go(step + 1);
    register.mutate({ email: email.trim(), phone, password, marketingAllowed: marketing, eulaAccepted: terms, approvedEulaVersion: EULA_VERSION });
  }

  const errorId = `${ids}-errors`;
  const invalid = errors.length > 0;
  const status = invalid ? ('error' as const) : ('default' as const);
  const described = invalid ? errorId : undefined;

  return (
    <>
      <Heading variant="h1" mt="m" mb="s">
        {t('customer.register.heading')}
      </Heading>
      <ProgressBar step={step} />
      <form onSubmit={submit} noValidate className="wizard-step">
        <Heading variant="h2" mb="s" ref={headingRef} tabIndex={-1}>
          {step === 0 ? t('customer.register.hello', { firstName: person.firstName }) : stepNames()[step]}
        </Heading>
        {step === 0 && <Paragraph mb="m">{t('customer.register.helloText')}</Paragraph>}
        {(step === 1 || step === 2) && (
          <TextInput
            key={step}
            ref={step === 1 ? emailRef : undefined}
            id={`${ids}-${CONTACT_FIELDS[step].name}`}
            labelText={t(`customer.register.${CONTACT_FIELDS[step].name}`)}
            hintText={t(`customer.register.${CONTACT_FIELDS[step].name}Hint`)}
            type={CONTACT_FIELDS[step].type}
            autoComplete={CONTACT_FIELDS[step].type}
            value={step === 1 ? email : phone}
            onChange={(v) => (step === 1 ? setEmail : setPhone)(String(v ?? ''))}
            status={status}
            aria-describedby={described}
            fullWidth
            autoFocus
            mb="m"
          />
        )}
        {step === 3 && (
          <>
            <PasswordInput
              ref={passwordRef}
              id={`${ids}-password`}
              labelText={t('customer.register.password')}
              hintText={t('customer.register.passwordHint')}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              errorId={described}
              autoFocus
            />
            <PasswordInput id={`${ids}-password-again`} labelText={t('customer.register.passwordAgain')} autoComplete="new-password" value={passwordAgain} onChange={setPasswordAgain} errorId={described} />
          </>
        )}
        {step === 4 && (
          <div className="wizard-terms">
            <p className="wizard-terms__links">
              <button type="button" className="link-button" onClick={() => setLegal('terms')}>
                {t('customer.register.termsLink')}
              </button>
              <button type="button" className="link-button" onClick={() => setLegal('privacy')}>
                {t('customer.register.privacyLink')}
              </button>
            </p>
            <Checkbox id={`${ids}-terms`} checked={terms} onClick={({ checkboxState }) => setTerms(checkboxState)} status={status} aria-describedby={described}>
              {t('customer.register.terms')}
            </Checkbox>
            <Checkbox id={`${ids}-marketing`} checked={marketing} onClick={({ checkboxState }) => setMarketing(checkboxState)} mt="s">
              {t('customer.register.marketing')}
            </Checkbox>
            <LegalModal doc="terms" visible={legal === 'terms'} onClose={() => setLegal(null)} />
            <LegalModal doc="privacy" visible={legal === 'privacy'} onClose={() => setLegal(null)} />
          </div>
        )}
        <FormErrorAlert id={errorId} errors={errors} spaced />
        <div className="wizard-actions">
          {step > 0 && (
            <Button type="button" variant="secondary" onClick={() => go(step - 1)} disabled={pending}>
              {t('customer.register.back')}
            </Button>
          )}
          <Button type="submit" disabled={pending}>
            {step === STEPS - 1 ? (pending ? t('customer.register.saving') : t('customer.register.done')) : t('customer.register.next')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** An identified customer who already has an account: a new password (the forgotten-password path). */
function NewPasswordForm({ person }: { person: RegistrationData }) {
  const ids = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const reset = useResetPassword({
    onSuccess: () => void navigate(ROUTES.customerPrescriptions, { replace: true }),
    onError: (err) => setErrors(errorMessages(err, t('customer.register.failed'))),
  });
  // Signed in and on the way to the prescriptions: the form stays busy.
  const pending = reset.isPending || reset.isSuccess;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const found = registrationPasswordErrors(password, again).map(localized);
    setErrors(found);
    if (found.length > 0) return;
    reset.mutate(password);
  }

  const errorId = `${ids}-errors`;
  const invalid = errors.length > 0;
  return (
    <>
      <Heading variant="h1" mt="m" mb="s">
        {person.purpose === 'password-reset' ? t('customer.register.resetHeading') : t('customer.register.registeredHeading')}
      </Heading>
      <Paragraph mb="s">{t('customer.register.hello', { firstName: person.firstName })}</Paragraph>
      <Paragraph mb="m">{t('customer.register.resetText')}</Paragraph>
      <form onSubmit={submit} noValidate>
        <PasswordInput
          id={`${ids}-password`}
          labelText={t('customer.register.password')}
          hintText={t('customer.register.passwordHint')}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errorId={invalid ? errorId : undefined}
          autoFocus
        />
        <PasswordInput id={`${ids}-again`} labelText={t('customer.register.passwordAgain')} autoComplete="new-password" value={again} onChange={setAgain} errorId={invalid ? errorId : undefined} />
        <FormErrorAlert id={errorId} errors={errors} />
        <Button type="submit" disabled={pending} fullWidth>
          {pending ? t('customer.register.saving') : t('customer.register.resetSave')}
        </Button>
      </form>
    </>
  );
}
