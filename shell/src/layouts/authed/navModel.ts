// The signed-in sidebar (spec 1 §2.3, spec 2 "Signed-in layout shell").
import type { LucideIcon } from 'lucide-react';
import { FolderOpen, MessageSquareText, ScanText, Scissors, Settings, ShieldCheck, Sparkles, UserRound, Workflow } from 'lucide-react';

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on exactly this path (Jobs, whose stages have their own links). */
  end?: boolean;
  /** Shown indented under the previous top-level link. */
  nested?: boolean;
}

const LINKS: readonly SidebarLink[] = [
  { to: '/files', label: 'Files & Datasets', icon: FolderOpen },
  { to: '/prompts', label: 'Prompts', icon: MessageSquareText },
  { to: '/jobs', label: 'Jobs', icon: Workflow, end: true },
  { to: '/jobs/ocr', label: '1. OCR', icon: ScanText, nested: true },
  { to: '/jobs/chunking', label: '2. Chunking', icon: Scissors, nested: true },
  { to: '/jobs/extraction', label: '3. Extraction', icon: Sparkles, nested: true },
  { to: '/account', label: 'Account', icon: UserRound },
  { to: '/settings', label: 'Settings', icon: Settings },
];

const ADMIN_LINK: SidebarLink = { to: '/admin', label: 'Admin', icon: ShieldCheck };

/** The sidebar links; Admin only for a superuser. */
export function sidebarLinks(isSuperuser: boolean): SidebarLink[] {
  return isSuperuser ? [...LINKS, ADMIN_LINK] : [...LINKS];
}

/** Whether `link` is the current section for `pathname`. */
export function isLinkActive(link: Pick<SidebarLink, 'to' | 'end'>, pathname: string): boolean {
  if (link.end) return pathname === link.to || pathname === `${link.to}/`;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}
