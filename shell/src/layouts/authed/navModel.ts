// The signed-in sidebar: each remote declares the entries of the pages it owns (`nav` beside
// its routes); the shell adds its own pages and groups them.
import type { NavEntry, NavGroup } from '@quarry/shared';
import type { RemoteKey } from '@quarry/shared/mf-config';
import { RadioTower, Settings, UserRound } from 'lucide-react';

/** The remotes that declare sidebar entries (marketing has none; admin only for a superuser). */
export const NAV_REMOTES: readonly RemoteKey[] = ['files', 'promptsSchemas', 'jobs', 'admin'];

export function navRemotesFor(isSuperuser: boolean): RemoteKey[] {
  return NAV_REMOTES.filter((key) => key !== 'admin' || isSuperuser);
}

/** The shell's own pages. */
export const SHELL_NAV: readonly NavEntry[] = [
  { to: '/account', label: 'Account', group: 'account', order: 100, icon: UserRound, keywords: ['profile', 'password', 'api keys'] },
  { to: '/settings', label: 'Settings', group: 'account', order: 200, icon: Settings, keywords: ['preferences', 'notifications'] },
  { to: '/websocket-test', label: 'WebSocket Test', group: 'tools', order: 900, icon: RadioTower, keywords: ['live', 'connection'] },
];

export interface NavSection {
  group: NavGroup;
  /** Heading shown above the section; none for the main work areas. */
  title?: string;
  entries: NavEntry[];
}

const SECTIONS: ReadonlyArray<{ group: NavGroup; title?: string }> = [
  { group: 'work' },
  { group: 'tools', title: 'Tools' },
  { group: 'account' },
  { group: 'admin' },
];

/** Every entry the user may see, grouped and ordered; empty sections are left out. */
export function navSections(declared: ReadonlyArray<readonly NavEntry[]>, isSuperuser: boolean): NavSection[] {
  const all = [...SHELL_NAV, ...declared.flat()].filter((e) => !e.superuser || isSuperuser);
  return SECTIONS.map(({ group, title }) => ({
    group,
    title,
    entries: all.filter((e) => e.group === group).sort((a, b) => a.order - b.order),
  })).filter((s) => s.entries.length > 0);
}

/** Whether `entry` is the current section for `pathname`. */
export function isLinkActive(entry: Pick<NavEntry, 'to' | 'end'>, pathname: string): boolean {
  if (entry.end) return pathname === entry.to || pathname === `${entry.to}/`;
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
