import { act, render, screen } from '@testing-library/react';
import { clearSession, resetSessionForTests, setAccessToken, setAuthenticated } from './session';
import { useAuth } from './useAuth';

function Probe() {
  const state = useAuth();
  return <pre data-testid="state">{JSON.stringify(state)}</pre>;
}

beforeEach(() => resetSessionForTests());

it('re-renders on every session change and never exposes the token', () => {
  render(<Probe />);
  expect(screen.getByTestId('state')).toHaveTextContent('"status":"idle"');
  act(() => {
    setAccessToken('super-secret-token');
    setAuthenticated({ id: 'u1', email: 'ada@example.com', is_superuser: false } as never);
  });
  expect(screen.getByTestId('state')).toHaveTextContent('"status":"authenticated"');
  expect(screen.getByTestId('state')).toHaveTextContent('ada@example.com');
  expect(screen.getByTestId('state').textContent).not.toContain('super-secret-token');
  expect(sessionStorage.getItem('quarry.auth.user')).toContain('ada@example.com');
  act(() => {
    clearSession('Session expired');
  });
  expect(screen.getByTestId('state')).toHaveTextContent('"status":"anonymous","user":null,"error":"Session expired"');
  expect(sessionStorage.getItem('quarry.auth.user')).toBeNull();
});
