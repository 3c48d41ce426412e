import { Badge, Box, CloseButton, Dialog, HStack, Icon, Kbd, Listbox, Portal, Spinner, Text, createListCollection } from '@chakra-ui/react';
import { useCurrentUser, useDebouncedValue } from '@quarry/shared';
import { Braces, Database, FileText, type LucideIcon, MessageSquareText, Search, Workflow } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNav } from '../authed/useNav';
import { groupItems, matchPages, type PaletteItem, type PaletteKind } from './paletteModel';
import { usePaletteSearch } from './queries';

const KIND_ICON: Record<Exclude<PaletteKind, 'page'>, LucideIcon> = {
  file: FileText,
  dataset: Database,
  prompt: MessageSquareText,
  schema: Braces,
  job: Workflow,
};

/** Wait this long after the last key before searching the server. */
const SEARCH_DEBOUNCE_MS = 200;

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Ctrl/⌘+K: jump to any page of the sidebar, or to a file, dataset, prompt, output schema or
 * job found by name. Arrows move, Enter opens, Esc closes.
 */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  const navigate = useNavigate();
  const userId = useCurrentUser()?.id;
  const { sections } = useNav();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(useDeferredValue(input.trim()), SEARCH_DEBOUNCE_MS);
  const search = usePaletteSearch(userId, query);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) {
      setInput('');
      return;
    }
    // Typing starts at once: the search field takes the focus from the dialog as it opens.
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const pages = useMemo(() => matchPages(sections.flatMap((s) => s.entries), input.trim()), [sections, input]);
  const found = query ? search.data?.items : undefined;
  const items = useMemo(() => [...pages, ...(found ?? [])], [pages, found]);
  const groups = useMemo(() => groupItems(items), [items]);
  const collection = useMemo(() => createListCollection({ items, itemToValue: (i) => i.value, itemToString: (i) => i.label }), [items]);
  const searching = input.trim() !== '' && (query !== input.trim() || search.isFetching);

  const go = (value: string | undefined) => {
    const item = items.find((i) => i.value === value);
    if (!item) return;
    onOpenChange(false);
    navigate(item.to);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      initialFocusEl={() => inputRef.current}
      placement="top"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '3', sm: '4' }}>
          {/* A phone gets a dialog too, not a full screen: a margin shows the page behind it,
              its height fits the results (up to 70 % of the screen, so the keyboard leaves room)
              and a close button ends it without a keyboard. */}
          <Dialog.Content
            data-testid="command-palette"
            mt={{ base: '3', sm: '16' }}
            mx="0"
            w="full"
            maxH={{ base: 'min(70dvh, 32rem)', sm: 'calc(100dvh - 8rem)' }}
            overflow="hidden"
          >
            <Dialog.Title srOnly>Go to a page or search</Dialog.Title>
            <Listbox.Root
              collection={collection}
              value={[]}
              onSelect={(d) => go(d.value)}
              selectionMode="single"
              loopFocus
              display="flex"
              flexDirection="column"
              minH="0"
              flex="1"
              gap="0"
            >
              <Listbox.Label srOnly>Results</Listbox.Label>
              <HStack px="4" borderBottomWidth="1px" gap="2">
                <Icon color="fg.muted" size="sm">
                  <Search />
                </Icon>
                <Listbox.Input
                  ref={inputRef}
                  autoHighlight
                  role="combobox"
                  aria-expanded={items.length > 0}
                  aria-label="Go to a page or search files, datasets, prompts, schemas and jobs"
                  placeholder="Go to a page, or search by name…"
                  value={input}
                  onChange={(e) => setInput(e.currentTarget.value)}
                  flex="1"
                  h="12"
                  border="0"
                  outline="none"
                  bg="transparent"
                  px="0"
                  textStyle="md"
                  _focusVisible={{ outline: 'none', boxShadow: 'none' }}
                />
                {searching ? <Spinner size="xs" color="fg.muted" aria-label="Searching" /> : null}
                <Kbd size="sm" display={{ base: 'none', sm: 'inline-flex' }}>
                  Esc
                </Kbd>
                <Dialog.CloseTrigger asChild position="static" display={{ base: 'inline-flex', sm: 'none' }}>
                  <CloseButton size="sm" aria-label="Close search" />
                </Dialog.CloseTrigger>
              </HStack>
              <Dialog.Body p="2" minH="0">
                {items.length === 0 ? (
                  <Box px="3" py="8" textAlign="center" color="fg.muted" data-testid="palette-empty">
                    {searching ? 'Searching…' : search.isError ? 'Search failed. Try again in a moment.' : `Nothing found for “${input.trim()}”.`}
                  </Box>
                ) : null}
                <Listbox.Content border="0" p="0" maxH="none" overflow="visible" gap="2" display={items.length === 0 ? 'none' : 'flex'}>
                  {groups.map((group) => (
                    <Listbox.ItemGroup key={group.kind}>
                      <Listbox.ItemGroupLabel px="3" py="1" textStyle="xs" fontWeight="semibold" color="fg.muted">
                        {group.title}
                      </Listbox.ItemGroupLabel>
                      {group.items.map((item) => (
                        <PaletteOption key={item.value} item={item} />
                      ))}
                    </Listbox.ItemGroup>
                  ))}
                </Listbox.Content>
                {query && search.data && search.data.failed.length > 0 ? (
                  <Text px="3" pt="2" textStyle="xs" color="fg.error">
                    Could not search {search.data.failed.join(', ')}.
                  </Text>
                ) : null}
              </Dialog.Body>
            </Listbox.Root>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PaletteOption({ item }: { item: PaletteItem }) {
  const KindIcon = item.kind === 'page' ? item.icon : KIND_ICON[item.kind];
  return (
    <Listbox.Item item={item} px="3" py="2" rounded="l2" gap="3" cursor="pointer" _highlighted={{ bg: 'brand.subtle', color: 'brand.fg' }}>
      {KindIcon ? (
        <Icon size="sm" color="fg.muted">
          <KindIcon />
        </Icon>
      ) : null}
      <Listbox.ItemText truncate flex="1">
        {item.label}
      </Listbox.ItemText>
      {item.detail ? (
        <Badge size="sm" variant="subtle" flexShrink={0}>
          {item.detail}
        </Badge>
      ) : null}
    </Listbox.Item>
  );
}
