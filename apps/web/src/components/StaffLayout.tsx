/**
 * The staff's frame for a page outside their workbenches (the two-step sign-in page): the role
 * header as on the workbench, with the role's navigation once signed in (a user still between the
 * password and the setup gets the brand and the logout only), and the page in the workbench's main.
 */
import type { ReactNode } from 'react';
import { RoleHeader, type RoleNavItem } from './RoleHeader';

export function StaffLayout({ nav, logoutTo, children }: { nav: readonly RoleNavItem[]; logoutTo: string; children: ReactNode }) {
  return (
    <div className="layout layout--workbench">
      <RoleHeader nav={nav} logoutTo={logoutTo} />
      <main id="main" className="workbench-main">
        {children}
      </main>
    </div>
  );
}
