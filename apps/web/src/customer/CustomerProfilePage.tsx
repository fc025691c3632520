/**
 * /profile (Oma tili, SPEC section 2): menu Yhteystiedot, Vaihda salasana, Kirjaudu ulos,
 * Käyttöehdot, Rekisteriseloste. Contact details are the default view; on narrow screens the
 * menu and the chosen view take turns, with a back control from the view to the menu.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Heading, Paragraph, TextInput } from 'suomifi-ui-components';
import { formatPhone, normalizePhone, passwordChangeErrors, phoneFieldErrors, validateEmail, VALIDATION_MESSAGES, type CustomerInfo } from '@resepti/domain';
import { isApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { useLogout } from '../api/useLogout';
import { useSession } from '../auth/useSession';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { PageLoading } from '../components/PageLoading';
import { PasswordInput } from '../components/PasswordInput';
import { LegalModal } from '../components/LegalModal';
import { ROUTES } from '../routes/routes';
import { t, localized } from '../i18n/i18n';
import { useChangePassword, useUpdateContactDetails } from './customer-hooks';
import { MyDataRights } from './MyDataRights';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';
/** How long 'Tallennettu!' / 'Tallennus epäonnistui!' stays on the button (SPEC section 9). */
const FLASH_MS = 2000;

type View = 'contact' | 'password' | 'data';

export function CustomerProfilePage() {
  const customer = useSession('customer').data;
  const { logout } = useLogout(ROUTES.home);
  const [view, setView] = useState<View>('contact');
  const [menuOpen, setMenuOpen] = useState(false);
  const [legal, setLegal] = useState<'terms' | 'privacy' | null>(null);
  const viewHeading = useRef<HTMLHeadingElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // Focus follows the user's own moves between the menu and a view (not the first render).
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (!moved) return;
    if (menuOpen) menuRef.current?.querySelector('button')?.focus();
    else viewHeading.current?.focus();
  }, [menuOpen, view, moved]);

  function choose(next: View) {
    setMoved(true);
    setView(next);
    setMenuOpen(false);
  }

  if (!customer) return <PageLoading />;

  return (
    <div className={`profile ${menuOpen ? 'profile--menu' : 'profile--view'}`}>
      <Heading variant="h1" mb="m">
        {t('customer.profile.heading')}
      </Heading>
      <div className="profile__layout">
        <nav aria-label={t('customer.profile.menuLabel')} className="profile-menu">
          <ul ref={menuRef}>
            <MenuItem label={t('customer.profile.contact')} onClick={() => choose('contact')} current={view === 'contact'} />
            <MenuItem label={t('customer.profile.changePassword')} onClick={() => choose('password')} current={view === 'password'} />
            <MenuItem label={t('customer.profile.myData')} onClick={() => choose('data')} current={view === 'data'} />
            <MenuItem label={t('customer.profile.logout')} onClick={() => logout()} />
            <MenuItem label={t('customer.profile.terms')} onClick={() => setLegal('terms')} />
            <MenuItem label={t('customer.profile.privacy')} onClick={() => setLegal('privacy')} />
          </ul>
        </nav>
        <section className="profile__view card" aria-labelledby="profile-view-heading">
          <button
            type="button"
            className="link-button profile__back"
            onClick={() => {
              setMoved(true);
              setMenuOpen(true);
            }}
          >
            <span aria-hidden="true">← </span>
            {t('customer.profile.back')}
          </button>
          <Heading variant="h2" id="profile-view-heading" mb="m" ref={viewHeading} tabIndex={-1}>
            {view === 'contact' ? t('customer.profile.contact') : view === 'password' ? t('customer.profile.changePassword') : t('customer.profile.myData')}
          </Heading>
          {view === 'contact' ? <ContactDetails customer={customer} /> : view === 'password' ? <PasswordChange /> : <MyDataRights />}
        </section>
      </div>
      <LegalModal doc="terms" visible={legal === 'terms'} onClose={() => setLegal(null)} />
      <LegalModal doc="privacy" visible={legal === 'privacy'} onClose={() => setLegal(null)} />
    </div>
  );
}

function MenuItem({ label, onClick, current = false }: { label: string; onClick: () => void; current?: boolean }) {
  return (
    <li>
      <button type="button" className="profile-menu__item" aria-current={current ? 'page' : undefined} onClick={onClick}>
        {label}
      </button>
    </li>
  );
}

type FieldState = { status: 'default' | 'error' | 'success'; text?: string };

/**
 * E-mail and phone, each saved on blur or Enter when changed and valid. The e-mail is the login:
 * a new one is confirmed with the current password (the server requires it), so a session left
 * open cannot hand the account over.
 */
function ContactDetails({ customer }: { customer: CustomerInfo }) {
  const ids = useId();
  const [email, setEmail] = useState(customer.email);
  // Stored in E.164, shown grouped: '+358 40 123 4567'.
  const [phone, setPhone] = useState(formatPhone(customer.phone));
  const [state, setState] = useState<Record<'email' | 'phone', FieldState>>({ email: { status: 'default' }, phone: { status: 'default' } });
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordState, setPasswordState] = useState<FieldState>({ status: 'default' });

  const setField = (field: 'email' | 'phone', value: FieldState) => setState((s) => ({ ...s, [field]: value }));
  // 401: the session ended and the client is on its way to the login page.
  const failure = (e: unknown) => (isApiError(e, 401) ? t('customer.profile.contactFailed') : errorText(e, t('customer.profile.contactFailed')));

  const savePhone = useUpdateContactDetails({
    onSuccess: (updated) => {
      setPhone(formatPhone(updated.phone));
      setField('phone', { status: 'success', text: t('customer.profile.contactSaved') });
    },
    onError: (e) => setField('phone', { status: 'error', text: failure(e) }),
  });
  const saveEmail = useUpdateContactDetails({
    onSuccess: (updated) => {
      setEmail(updated.email);
      setField('email', { status: 'success', text: t('customer.profile.contactSaved') });
      setConfirming(false);
      setPassword('');
      setPasswordState({ status: 'default' });
    },
    // A wrong password belongs to the password field; a taken address or a limit to the e-mail.
    onError: (e) => (isApiError(e, 400) ? setPasswordState({ status: 'error', text: failure(e) }) : setField('email', { status: 'error', text: failure(e) })),
  });

  function save(field: 'email' | 'phone') {
    const value = field === 'email' ? email.trim() : phone;
    const current = field === 'email' ? customer.email : customer.phone;
    const errors = field === 'email' ? [validateEmail(value)].filter((e) => e !== null) : phoneFieldErrors(value);
    if (errors.length > 0) return setField(field, { status: 'error', text: errors.map(localized).join(' ') });
    const normalized = field === 'email' ? value.toLowerCase() : normalizePhone(value);
    if (normalized === current) {
      if (field === 'email') setConfirming(false);
      return setField(field, { status: 'default' });
    }
    // A new e-mail waits for the password (confirmEmail); a phone is saved at once.
    if (field === 'email') return setConfirming(true);
    savePhone.mutate({ phone: value });
  }

  function confirmEmail() {
    if (saveEmail.isPending) return;
    if (!password) return setPasswordState({ status: 'error', text: localized(VALIDATION_MESSAGES.passwordForEmailChange) });
    saveEmail.mutate({ email: email.trim(), password });
  }

  const onEnter = (action: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      action();
    }
  };

  return (
    <div className="profile-contact">
      <p className="profile-contact__name">
        <span className="profile-contact__label">{t('customer.profile.name')}</span> {customer.firstName} {customer.lastName}
      </p>
      <TextInput
        id={`${ids}-email`}
        labelText={t('customer.profile.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(v) => setEmail(String(v ?? ''))}
        onBlur={() => save('email')}
        onKeyDown={onEnter(() => save('email'))}
        status={state.email.status}
        statusText={state.email.text}
        fullWidth
        mb="m"
      />
      {confirming && (
        <div className="profile-contact__confirm">
          <TextInput
            id={`${ids}-password`}
            labelText={t('customer.profile.currentPassword')}
            hintText={t('customer.profile.emailConfirmHint')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(v) => setPassword(String(v ?? ''))}
            onKeyDown={onEnter(confirmEmail)}
            status={passwordState.status}
            statusText={passwordState.text}
            fullWidth
            mb="s"
          />
          <Button type="button" disabled={saveEmail.isPending} onClick={confirmEmail} className="profile-contact__confirm-button">
            {t('customer.profile.confirmEmail')}
          </Button>
        </div>
      )}
      <TextInput
        id={`${ids}-phone`}
        labelText={t('customer.profile.phone')}
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(v) => setPhone(String(v ?? ''))}
        onBlur={() => save('phone')}
        onKeyDown={onEnter(() => save('phone'))}
        status={state.phone.status}
        statusText={state.phone.text}
        fullWidth
        mb="s"
      />
      <Paragraph className="hint">{t('customer.profile.contactHint')}</Paragraph>
    </div>
  );
}

/** The current password, then the new one twice; the button says 'Tallennettu!' or 'Tallennus epäonnistui!' for 2 s. */
function PasswordChange() {
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [flash, setFlash] = useState<'saved' | 'failed' | null>(null);
  const change = useChangePassword({
    onSuccess: () => {
      setCurrent('');
      setPassword('');
      setAgain('');
      setFlash('saved');
    },
    onError: (err) => {
      // 400: a wrong current password or a refused new one; 429: too many tries.
      if (isApiError(err, 400) || isApiError(err, 429)) setErrors(err.messages);
      setFlash('failed');
    },
  });

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (change.isPending) return;
    const found = [...(current ? [] : [VALIDATION_MESSAGES.currentPasswordMissing]), ...passwordChangeErrors(password, again)].map(localized);
    setErrors(found);
    if (found.length > 0) return setFlash('failed');
    change.mutate({ currentPassword: current, newPassword: password });
  }

  const errorId = `${ids}-errors`;
  const invalid = errors.length > 0;
  return (
    <form onSubmit={submit} noValidate>
      <PasswordInput id={`${ids}-current`} labelText={t('customer.profile.currentPassword')} autoComplete="current-password" value={current} onChange={setCurrent} errorId={invalid ? errorId : undefined} />
      <PasswordInput id={`${ids}-new`} labelText={t('customer.profile.newPassword')} autoComplete="new-password" value={password} onChange={setPassword} errorId={invalid ? errorId : undefined} />
      <PasswordInput id={`${ids}-again`} labelText={t('customer.profile.newPasswordAgain')} autoComplete="new-password" value={again} onChange={setAgain} errorId={invalid ? errorId : undefined} />
      <FormErrorAlert id={errorId} errors={errors} />
      <div aria-live="polite">
        <Button type="submit" disabled={change.isPending} className={flash === 'failed' ? 'button--failed' : undefined}>
          {flash === 'saved' ? t('customer.profile.saved') : flash === 'failed' ? t('customer.profile.saveFailed') : t('customer.profile.save')}
        </Button>
      </div>
    </form>
  );
}
