/** The header shared by the role layouts: brand, who is signed in, navigation, live state, logout. */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { SkipToContent } from './SkipLink';
import { LiveIndicator } from './LiveIndicator';
import { LogoutButton } from './LogoutButton';
import { t } from '../i18n/i18n';

export interface RoleNavItem {
  to: string;
  label: string;
  /** Active only on exactly this path (not on its sub-paths). */
  end?: boolean;
  /** Whether this item is the current page, when the path alone cannot tell (items differing by query only). */
  current?: boolean;
}

interface RoleHeaderProps {
  /** Who is signed in (doctor's name, pharmacy name); omitted for customers. */
  identity?: ReactNode;
  nav: readonly RoleNavItem[];
  logoutTo: string;
  /** The language switch (the customer's header; staff screens are Finnish). */
  languageSwitch?: ReactNode;
}

export function RoleHeader({ identity, nav, logoutTo, languageSwitch }: RoleHeaderProps) {
  return (
    <>
      <SkipToContent />
      <header className="role-header">
        <div className="role-header__inner">
          <span className="brand">{t('app.appName')}</span>
          {identity && <span className="role-header__identity">{identity}</span>}
          <nav aria-label={t('app.common.mainNavigation')} className="role-header__nav">
            {nav.map((item) =>
              item.current === undefined ? (
                <NavLink key={item.to} to={item.to} end={item.end} className="nav-link">
                  {item.label}
                </NavLink>
              ) : (
                <Link key={item.to} to={item.to} className={`nav-link${item.current ? ' active' : ''}`} aria-current={item.current ? 'page' : undefined}>
                  {item.label}
                </Link>
              ),
            )}
          </nav>
          <div className="role-header__actions">
            {languageSwitch}
            <LiveIndicator />
            <LogoutButton to={logoutTo} />
          </div>
        </div>
      </header>
    </>
  );
}
