import { paths } from '@quarry/shared';
import { Activity, Inbox, LayoutDashboard, Settings, Users, Wallet, type LucideIcon } from 'lucide-react';

export interface AdminNavLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** active only on this exact path (Overview) */
  exact?: boolean;
}

/** Overview (exact), Credit Requests, Settings; then the operations pages (docs/product/admin.md). */
export const ADMIN_NAV: AdminNavLink[] = [
  { to: paths.admin.index, label: 'Overview', icon: LayoutDashboard, exact: true },
  { to: paths.admin.creditRequests, label: 'Credit Requests', icon: Wallet },
  { to: paths.admin.settings, label: 'Settings', icon: Settings },
  { to: paths.admin.operations, label: 'Operations', icon: Activity },
  { to: paths.admin.users, label: 'Users', icon: Users },
  { to: paths.admin.messages, label: 'Messages', icon: Inbox },
];

export function isAdminLinkActive(link: AdminNavLink, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return link.exact ? path === link.to : path === link.to || path.startsWith(`${link.to}/`);
}
