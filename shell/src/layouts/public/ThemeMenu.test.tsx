import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeMenu } from './ThemeMenu';
import { THEME_STORAGE_KEY, renderAt } from './testUtils';

describe('ThemeMenu', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('defaults to System and offers Light, Dark, System', async () => {
    const user = userEvent.setup();
    renderAt('/', <ThemeMenu />);
    const trigger = screen.getByRole('button', { name: 'Theme: system' });
    await user.click(trigger);
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  });

  it('stores the choice in the browser and applies it to the page', async () => {
    const user = userEvent.setup();
    renderAt('/', <ThemeMenu />);
    await user.click(screen.getByRole('button', { name: 'Theme: system' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(await screen.findByRole('button', { name: 'Theme: dark' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Theme: dark' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).toHaveClass('light');
  });

  it('picks up a stored choice', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderAt('/', <ThemeMenu />);
    expect(screen.getByRole('button', { name: 'Theme: dark' })).toBeInTheDocument();
  });

  it('can be driven from the keyboard', async () => {
    const user = userEvent.setup();
    renderAt('/', <ThemeMenu />);
    screen.getByRole('button', { name: 'Theme: system' }).focus();
    await user.keyboard('{Enter}');
    await screen.findAllByRole('menuitemradio');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).not.toBeNull();
  });
});
