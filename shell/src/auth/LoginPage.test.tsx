import { ACCOUNT_DISABLED, auth } from '@quarry/shared';
import { screen } from '@testing-library/react';
import { quietActWarnings, renderRoute } from '@quarry/shared/testing';
import LoginPage from './LoginPage';

beforeEach(() => quietActWarnings());
afterEach(() => {
  auth.clear();
  jest.restoreAllMocks();
});

describe('LoginPage', () => {
  it('tells a user whose account was disabled while signed in why the session ended', () => {
    auth.clear(ACCOUNT_DISABLED);
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.getByTestId('account-disabled')).toHaveTextContent(ACCOUNT_DISABLED);
    expect(screen.queryByTestId('session-expired')).toBeNull();
  });

  it('says nothing of the kind to a new visitor', () => {
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.queryByTestId('account-disabled')).toBeNull();
    expect(screen.queryByTestId('session-expired')).toBeNull();
  });
});
