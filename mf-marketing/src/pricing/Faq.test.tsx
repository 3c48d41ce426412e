import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@quarry/shared/testing';
import { FAQ_ENTRIES } from './faq';
import { Faq } from './Faq';

const triggers = () => FAQ_ENTRIES.map((e) => screen.getByRole('button', { name: e.question }));

describe('Faq', () => {
  it('shows five questions, all closed', () => {
    renderRoute(<Faq />);
    expect(FAQ_ENTRIES).toHaveLength(5);
    for (const t of triggers()) expect(t).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens one item at a time, and closes the open item when it is clicked again', async () => {
    const user = userEvent.setup();
    renderRoute(<Faq />);
    const [first, second, third] = triggers();

    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FAQ_ENTRIES[0]!.answer)).toBeVisible();

    await user.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(third).toHaveAttribute('aria-expanded', 'false');

    await user.click(second!);
    expect(triggers().every((t) => t.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderRoute(<Faq />);
    const [first] = triggers();
    first!.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('makes the promised claims', () => {
    const text = FAQ_ENTRIES.map((e) => e.answer).join(' ');
    expect(text).toContain('14-day free trial');
    expect(text).toMatch(/no credit card/i);
    expect(text).toContain('30-day money-back guarantee');
    expect(text).toContain('within 24 hours');
  });

  it('shows at most nine entries, and an empty state without any', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, question: `Question ${i}?`, answer: `Answer ${i}.` }));
    const { unmount } = renderRoute(<Faq entries={many} />);
    expect(screen.getAllByRole('button')).toHaveLength(9);
    unmount();
    renderRoute(<Faq entries={[]} />);
    expect(screen.getByText('No questions yet.')).toBeInTheDocument();
  });
});
