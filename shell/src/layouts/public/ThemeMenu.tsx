import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';

export const THEME_OPTIONS = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const;

type ThemeValue = (typeof THEME_OPTIONS)[number]['value'];

function isThemeValue(value: string | undefined): value is ThemeValue {
  return THEME_OPTIONS.some((o) => o.value === value);
}

/** Light, Dark or System (default System); next-themes keeps the choice in localStorage. */
export function ThemeMenu() {
  const { theme, setTheme } = useTheme();
  const current: ThemeValue = isThemeValue(theme) ? theme : 'system';
  const CurrentIcon = THEME_OPTIONS.find((o) => o.value === current)!.icon;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Theme: ${current}`} title="Theme">
          <CurrentIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.RadioItemGroup value={current} onValueChange={(d) => setTheme(d.value)}>
              <Menu.ItemGroupLabel>Theme</Menu.ItemGroupLabel>
              {THEME_OPTIONS.map((o) => (
                <Menu.RadioItem key={o.value} value={o.value}>
                  <o.icon size={16} aria-hidden />
                  {o.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
