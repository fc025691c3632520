/**
 * /adminapteekki 'Järjestelmänvalvoja' (admins only): 'Käyttäjätunnukset', the user list
 * (the first user selected automatically), inline edit that saves on blur or Enter,
 * 'Lisää käyttäjä' in a modal, and delete with a confirmation (hidden for administrators).
 * Another administrator's details are read-only: admins manage pharmacy users, not
 * administrators (SPEC section 6; the server answers 403), only their own account. Below, the
 * pharmacy systems that use the integrator API, each revocable at once (ApiClientsPanel).
 */
import { useEffect, useId, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Button, Heading, LoadingSpinner, Modal, ModalContent, ModalFooter, ModalTitle, Paragraph, TextInput } from 'suomifi-ui-components';
import {
  VALIDATION_MESSAGES as V,
  validateNewPharmacyUser,
  validatePharmacyUserEdit,
  type PharmacyUserErrors,
  type PharmacyUserListEntry,
} from '@resepti/domain';
import { isApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { useSession } from '../auth/useSession';
import { ROUTES } from '../routes/routes';
import { localized, t } from '../i18n/i18n';
import { usePageTitle } from '../components/usePageTitle';
import { ApiClientsPanel } from './ApiClientsPanel';
import { checkUsername } from './pharmacy-api';
import { useCreatePharmacyUser, useDeletePharmacyUser, usePharmacyUsers, useUpdatePharmacyUser } from './pharmacy-hooks';
import { UserMfaReset } from './UserMfaReset';
import 'virtual:finnish-texts/pharmacy';
import 'virtual:finnish-texts/shared';
import 'virtual:finnish-texts/app';

type EditField = 'firstName' | 'lastName' | 'username' | 'password';
type EditValues = Record<EditField, string>;

function valuesOf(user: PharmacyUserListEntry): EditValues {
  return { firstName: user.firstName, lastName: user.lastName, username: user.username, password: '' };
}

/** Another administrator: the details as text, with why they cannot be changed here. */
function ReadOnlyUserDetails({ user }: { user: PharmacyUserListEntry }) {
  return (
    <section className="pharmacy-admin__panel" aria-label={`${user.firstName} ${user.lastName}`}>
      <Heading variant="h2" mb="s">
        {user.firstName} {user.lastName}
      </Heading>
      <Paragraph mb="s">{t('pharmacy.admin.adminTag')}</Paragraph>
      <Paragraph mb="m">{t('pharmacy.admin.otherAdminReadOnly')}</Paragraph>
      <dl className="pharmacy-admin__details">
        <dt>{t('pharmacy.admin.firstName')}</dt>
        <dd>{user.firstName}</dd>
        <dt>{t('pharmacy.admin.lastName')}</dt>
        <dd>{user.lastName}</dd>
        <dt>{t('pharmacy.admin.username')}</dt>
        <dd>{user.username}</dd>
      </dl>
    </section>
  );
}

/** The selected user's details: each field saves on blur or Enter when it changed and is valid. */
function UserDetails({ user, onDeleted }: { user: PharmacyUserListEntry; onDeleted: () => void }) {
  const ids = useId();
  const [values, setValues] = useState<EditValues>(() => valuesOf(user));
  // What the server last confirmed: compared against instead of the `user` prop, which lags
  // behind until the list refetch lands, so a blur right after a save does not save twice.
  const [savedValues, setSavedValues] = useState<EditValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  // The field just saved: 'Tallennettu' shows at that field (not below the fold) for 2 s.
  const [saved, setSaved] = useState<EditField | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(null), 2000);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const save = useUpdatePharmacyUser<EditField>({
    onSuccess: (updated, { field }) => {
      const confirmed = valuesOf(updated);
      setSavedValues(confirmed);
      // Only the saved field takes the server's form (e.g. a trimmed username); a field the
      // user is typing into meanwhile keeps what they typed.
      setValues((prev) => ({ ...prev, [field]: confirmed[field] }));
      // A saved field has no error left (the password field is emptied after its save).
      setErrors((prev) => ({ ...prev, [field]: undefined }));
      setSaved(field);
    },
    onError: (e, { field: committed }) => {
      const field: EditField = isApiError(e, 409) ? 'username' : committed;
      // 'Käyttäjän lisääminen ei onnistunut!' belongs to the new-user modal; a failed edit
      // save says 'Tallennus epäonnistui!' (SPEC section 8).
      setErrors((prev) => ({ ...prev, [field]: errorText(e, t('pharmacy.admin.saveFailed')) }));
    },
  });

  const remove = useDeletePharmacyUser({
    onSuccess: () => {
      setConfirmOpen(false);
      onDeleted();
    },
  });

  async function commit(field: EditField) {
    const value = values[field];
    if (field === 'password' && value === '') return;
    const unchanged = field !== 'password' && value === savedValues[field];
    const error = validatePharmacyUserEdit(field, field === 'username' ? value.trim() : value);
    if (error) return setErrors((prev) => ({ ...prev, [field]: localized(error) }));
    if (unchanged) return setErrors((prev) => ({ ...prev, [field]: undefined }));
    if (field === 'username' && value.trim().toLowerCase() !== savedValues.username) {
      try {
        if ((await checkUsername(value.trim())).usernameExists) return setErrors((prev) => ({ ...prev, username: V.usernameTakenEdit }));
      } catch {
        // the save below reports a taken username too
      }
    }
    setErrors((prev) => ({ ...prev, [field]: undefined }));
    // Other fields go as last confirmed, so a half-typed neighbour is not saved by accident.
    const next = { ...savedValues, [field]: value };
    save.mutate({
      field,
      user: { id: user.id, firstName: next.firstName, lastName: next.lastName, username: next.username, ...(next.password ? { password: next.password } : {}) },
    });
  }

  const field = (name: EditField, label: string, type: 'text' | 'password' = 'text') => (
    <TextInput
      id={`${ids}-${name}`}
      labelText={label}
      type={type}
      value={values[name]}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      hintText={name === 'password' ? t('pharmacy.admin.newPasswordHint') : undefined}
      status={errors[name] ? 'error' : saved === name ? 'success' : 'default'}
      statusText={errors[name] ?? (saved === name ? t('pharmacy.admin.saved') : undefined)}
      fullWidth
      mb="m"
      onChange={(v) => {
        const value = String(v ?? '');
        setValues((prev) => ({ ...prev, [name]: value }));
        // An emptied password field means "no change": its old message goes.
        if (name === 'password' && value === '') setErrors((prev) => ({ ...prev, password: undefined }));
      }}
      onBlur={() => void commit(name)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit(name);
        }
      }}
    />
  );

  return (
    <section className="pharmacy-admin__panel" aria-label={`${user.firstName} ${user.lastName}`}>
      <Heading variant="h2" mb="s">
        {user.firstName} {user.lastName}
      </Heading>
      {user.isAdmin && <Paragraph mb="s">{t('pharmacy.admin.adminTag')}</Paragraph>}
      <Paragraph mb="m">{t('pharmacy.admin.fieldHint')}</Paragraph>
      {field('firstName', t('pharmacy.admin.firstName'))}
      {field('lastName', t('pharmacy.admin.lastName'))}
      {field('username', t('pharmacy.admin.username'))}
      {field('password', t('pharmacy.admin.newPassword'), 'password')}
      <div role="status" aria-live="polite">
        {save.isPending && <p>{t('pharmacy.admin.saving')}</p>}
      </div>
      <UserMfaReset key={user.id} userId={user.id} enabled={user.mfaEnabled === true} />
      {!user.isAdmin && (
        <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
          {t('pharmacy.admin.deleteUser')}
        </Button>
      )}
      <Modal appElementId="root" visible={confirmOpen} onEscKeyDown={() => setConfirmOpen(false)} ariaLabelledBy={`${ids}-delete-title`}>
        <ModalContent>
          <ModalTitle id={`${ids}-delete-title`}>{t('pharmacy.admin.deleteTitle')}</ModalTitle>
          <Paragraph>{V.deleteConfirm}</Paragraph>
          {remove.isError && <p className="ph-error">{errorText(remove.error)}</p>}
        </ModalContent>
        <ModalFooter>
          <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
            {t('pharmacy.admin.cancel')}
          </Button>
          <Button onClick={() => remove.mutate(user.username)} disabled={remove.isPending}>
            {t('pharmacy.admin.delete')}
          </Button>
        </ModalFooter>
      </Modal>
    </section>
  );
}

const EMPTY_NEW = { firstName: '', lastName: '', username: '', password: '', passwordConfirm: '' };
type NewField = keyof typeof EMPTY_NEW;

/** 'Lisää käyttäjä': the new-user form with the create messages and the username check on blur. */
function NewUserModal({ visible, onClose, onCreated }: { visible: boolean; onClose: () => void; onCreated: (u: PharmacyUserListEntry) => void }) {
  const ids = useId();
  const [values, setValues] = useState(EMPTY_NEW);
  const [touched, setTouched] = useState<Partial<Record<NewField, boolean>>>({});
  const [usernameTaken, setUsernameTaken] = useState(false);
  const [checking, setChecking] = useState(false);
  /** Why the save failed: the server's field messages (e.g. a common password), or the generic failure. */
  const [failure, setFailure] = useState<string[] | null>(null);

  // The shared rules give message keys (or Finnish texts): the screen shows their texts.
  const errors: PharmacyUserErrors = Object.fromEntries(Object.entries(validateNewPharmacyUser(values)).map(([field, message]) => [field, localized(message)]));
  if (usernameTaken) errors.username = V.usernameTaken;
  const allLongEnough = (Object.keys(EMPTY_NEW) as NewField[]).every((k) => values[k].length > 1);
  const canSave = allLongEnough && Object.keys(errors).length === 0 && !checking;

  const create = useCreatePharmacyUser({
    onSuccess: (user) => {
      close();
      onCreated(user);
    },
    onError: (e) => {
      if (isApiError(e, 409)) setUsernameTaken(true);
      else setFailure(isApiError(e, 400) ? e.messages : [V.userSaveFailed]);
    },
  });

  function close() {
    setValues(EMPTY_NEW);
    setTouched({});
    setUsernameTaken(false);
    setFailure(null);
    onClose();
  }

  async function checkName() {
    setTouched((t) => ({ ...t, username: true }));
    const name = values.username.trim();
    if (name.length < 2) return;
    setChecking(true);
    try {
      setUsernameTaken((await checkUsername(name)).usernameExists);
    } catch {
      setUsernameTaken(false);
    } finally {
      setChecking(false);
    }
  }

  const input = (name: NewField, label: string, type: 'text' | 'password' = 'text') => {
    const error = touched[name] ? errors[name] : undefined;
    return (
      <TextInput
        id={`${ids}-${name}`}
        labelText={label}
        type={type}
        value={values[name]}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        status={error ? 'error' : 'default'}
        statusText={error}
        fullWidth
        mb="m"
        onChange={(v) => {
          setValues((prev) => ({ ...prev, [name]: String(v ?? '') }));
          if (name === 'username') setUsernameTaken(false);
          setFailure(null);
        }}
        onBlur={() => (name === 'username' ? void checkName() : setTouched((t) => ({ ...t, [name]: true })))}
      />
    );
  };

  return (
    <Modal appElementId="root" visible={visible} onEscKeyDown={close} ariaLabelledBy={`${ids}-title`} scrollable>
      <ModalContent>
        <ModalTitle id={`${ids}-title`}>{t('pharmacy.admin.addUser')}</ModalTitle>
        <form
          id={`${ids}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (canSave) create.mutate({ firstName: values.firstName, lastName: values.lastName, username: values.username, password: values.password });
          }}
        >
          {input('firstName', t('pharmacy.admin.firstName'))}
          {input('lastName', t('pharmacy.admin.lastName'))}
          {input('username', t('pharmacy.admin.username'))}
          {checking && <p>{t('pharmacy.admin.checkingUsername')}</p>}
          {input('password', t('pharmacy.admin.password'), 'password')}
          {input('passwordConfirm', t('pharmacy.admin.passwordConfirm'), 'password')}
        </form>
        <div role="alert" aria-live="assertive">
          {failure?.map((message) => (
            <p key={message} className="ph-error">
              {message}
            </p>
          ))}
        </div>
      </ModalContent>
      <ModalFooter>
        <Button variant="secondary" onClick={close}>
          {t('pharmacy.admin.cancel')}
        </Button>
        <Button type="submit" form={`${ids}-form`} disabled={!canSave || create.isPending}>
          {create.isPending ? t('pharmacy.admin.saving') : t('pharmacy.admin.save')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

export function PharmacyAdminPage() {
  usePageTitle(t('pharmacy.admin.heading'));
  const session = useSession('pharmacy');
  const isAdmin = session.data?.isAdmin === true;
  const ownId = session.data?.id;
  const users = usePharmacyUsers(isAdmin);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  const list = users.data ?? [];
  const selected = list.find((u) => u.id === selectedId) ?? list[0];

  if (session.isSuccess && !isAdmin) return <Navigate to={ROUTES.pharmacyWorkbench} replace />;

  return (
    <div className="pharmacy-admin">
      <Heading variant="h1" id="page-heading" mb="m">
        {t('pharmacy.admin.heading')}
      </Heading>
      <div className="pharmacy-admin__columns">
        <section className="pharmacy-admin__panel" aria-labelledby="users-heading">
          <Heading variant="h2" id="users-heading" mb="s">
            {t('pharmacy.admin.usersHeading')}
          </Heading>
          {users.isPending && isAdmin && <LoadingSpinner text={t('app.common.loading')} textAlign="right" />}
          {users.isError && <p className="ph-error">{t('app.common.unexpectedError')}</p>}
          <ul className="user-list">
            {list.map((u) => (
              <li key={u.id}>
                <button type="button" className="user-list__button" aria-current={u.id === selected?.id} onClick={() => setSelectedId(u.id)}>
                  {u.firstName} {u.lastName}
                  <span className="user-list__meta">
                    {u.username}
                    {u.isAdmin ? ` · ${t('pharmacy.admin.adminTag')}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Button onClick={() => setAdding(true)}>{t('pharmacy.admin.addUser')}</Button>
        </section>
        {selected &&
          (selected.isAdmin && selected.id !== ownId ? (
            <ReadOnlyUserDetails key={selected.id} user={selected} />
          ) : (
            <UserDetails key={selected.id} user={selected} onDeleted={() => setSelectedId(null)} />
          ))}
      </div>
      <ApiClientsPanel />
      <NewUserModal visible={adding} onClose={() => setAdding(false)} onCreated={(u) => setSelectedId(u.id)} />
    </div>
  );
}
