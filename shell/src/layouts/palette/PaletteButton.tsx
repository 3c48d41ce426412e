import { Button, HStack, Kbd } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CommandPalette } from './CommandPalette';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+K, or ⌘+K on a Mac. */
export function isPaletteShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}

/** The header's Search button and the Ctrl/⌘+K shortcut, both opening the command palette. */
export function PaletteButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        color="fg.muted"
        aria-label="Search and go to (Ctrl+K)"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        px={{ base: '2', md: '3' }}
        flexShrink={0}
        data-testid="palette-button"
      >
        <Search />
        <HStack display={{ base: 'none', md: 'flex' }} gap="2">
          Search
          <Kbd size="sm">{isMac() ? '⌘K' : 'Ctrl K'}</Kbd>
        </HStack>
      </Button>
      <CommandPalette open={open} onOpenChange={setOpen} />
    </>
  );
}
