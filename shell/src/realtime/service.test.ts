import { toaster } from '@quarry/shared';
import { BehaviorSubject } from 'rxjs';
import { bindConnectionToSession, showNotification } from './service';

describe('bindConnectionToSession', () => {
  it('opens for a user id, ignores token-only changes, reopens for another user, closes on logout', () => {
    const conn = { start: jest.fn(), stop: jest.fn() };
    const state = new BehaviorSubject<{ user: { id: string } | null }>({ user: null });
    const sub = bindConnectionToSession(conn, state);
    expect(conn.stop).toHaveBeenCalledTimes(1);
    state.next({ user: { id: 'u1' } });
    state.next({ user: { id: 'u1' } });
    expect(conn.start.mock.calls).toEqual([['u1']]);
    state.next({ user: { id: 'u2' } });
    expect(conn.start.mock.calls).toEqual([['u1'], ['u2']]);
    state.next({ user: null });
    expect(conn.stop).toHaveBeenCalledTimes(2);
    sub.unsubscribe();
  });
});

describe('showNotification', () => {
  it('shows a 5 s toast with the title and message', () => {
    const create = jest.spyOn(toaster, 'create');
    showNotification({ title: 'Upload Successful', message: 'a.pdf', status: 'success' });
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Upload Successful', description: 'a.pdf', duration: 5000 }));
  });
});
