/**
 * Desktop workbench of the doctor: the header carries the doctor's name, the published
 * notice's title and the sound switch; the tab title carries the waiting count; the
 * session-expiry overlay watches the idle time.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ToggleInput } from 'suomifi-ui-components';
import { OfflineGuard } from '../components/OfflineGuard';
import { RoleHeader } from '../components/RoleHeader';
import { doctorNav } from '../components/staff-nav';
import { SessionExpiryOverlay } from '../components/SessionExpiryOverlay';
import { useSession } from '../auth/useSession';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { beep, loadSoundSetting, prepareBeep, saveSoundSetting } from './beep';
import { keepSessionAlive } from './doctor-api';
import { EPrescriptionFailures } from './EPrescriptionFailures';
import { useNotice, useSystemStatus } from './doctor-hooks';
import './doctor-queue.css';
import './doctor-history-admin.css';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/doctor';

/** The doctor's navigation (its labels read when shown). */
const nav = doctorNav;

/** The screen's name for the tab title: the nav item whose path is the current one. */
function useScreenName(): string {
  const { pathname } = useLocation();
  return nav().find((item) => item.to === pathname.replace(/\/+$/u, ''))?.label ?? t('app.doctor.queueHeading');
}

/** '(3) Tilaukset – Resepti' while orders wait; a beep when one arrives in an empty queue (if switched on). */
function useQueueAlerts(sound: boolean) {
  const { data: status } = useSystemStatus();
  const waiting = status?.waitingForDoctor;
  const previous = useRef<number | undefined>(undefined);
  const screen = useScreenName();

  useEffect(() => {
    document.title = (waiting ?? 0) > 0 ? t('doctor.tabTitleWaiting', { screen, waiting: waiting ?? 0 }) : t('doctor.tabTitle', { screen });
  }, [screen, waiting]);
  useEffect(() => () => void (document.title = t('app.appName')), []);

  useEffect(() => {
    if (waiting === undefined) return;
    if (sound && previous.current === 0 && waiting > 0) beep();
    previous.current = waiting;
  }, [waiting, sound]);
}

export function DoctorLayout() {
  const { data: doctor } = useSession('doctor');
  const { data: notice } = useNotice();
  const [sound, setSound] = useState(loadSoundSetting);
  useQueueAlerts(sound);
  // A stored "on" needs one user gesture before the browser lets the page play sound.
  useEffect(() => {
    if (!sound) return;
    const prepare = () => prepareBeep();
    document.addEventListener('pointerdown', prepare, { once: true });
    return () => document.removeEventListener('pointerdown', prepare);
  }, [sound]);

  const name = doctor ? `${doctor.firstName} ${doctor.lastName}`.trim() : '';
  const publishedHeader = notice?.status === 'published' ? notice.header : '';

  const identity = (
    <span className="doctor-identity">
      <span data-testid="doctor-name">{name || t('app.doctor.placeholderName')}</span>
      {publishedHeader && (
        <span className="doctor-identity__notice" data-testid="doctor-notice-header">
          <span className="visually-hidden">{t('doctor.noticeLabel')} </span>
          {publishedHeader}
        </span>
      )}
      <span className="doctor-identity__sound" title={t('doctor.soundHint')}>
        <ToggleInput
          checked={sound}
          onChange={(on) => {
            if (on) prepareBeep();
            setSound(on);
            saveSoundSetting(on);
          }}
        >
          {t('doctor.sound')}
        </ToggleInput>
      </span>
    </span>
  );

  return (
    <div className="layout layout--workbench">
      <RoleHeader identity={identity} nav={nav()} logoutTo={ROUTES.doctorLogin} />
      <main id="main" className="workbench-main">
        <OfflineGuard>
          <EPrescriptionFailures />
          <Outlet />
        </OfflineGuard>
      </main>
      {doctor && <SessionExpiryOverlay level="doctor" idleMs={doctor.sessionIdleMinutes * 60_000} onContinue={keepSessionAlive} />}
    </div>
  );
}
