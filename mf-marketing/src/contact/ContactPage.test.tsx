import { configureApi, toaster } from '@quarry/shared';
import { renderRoute, setupFakeApiRoutes, type FakeCall, type FakeRoutes } from '@quarry/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactPage from './ContactPage';

const api = setupFakeApiRoutes();
/** the calls of the current test; the page is public, so nobody is signed in */
let calls: FakeCall[] = [];
const serve = (routes: FakeRoutes = {}) => (calls = api.serve(routes, { user: null }));

beforeEach(() => serve());
afterEach(() => act(() => toaster.remove()));

const RECEIVED = { status: 201, body: { id: '3f1c6b8e-8f7e-4f5a-9c7e-0d9b2a7e1c11', message: 'received', created_at: '2025-01-01T00:00:00Z' } };

function setup() {
  const user = userEvent.setup();
  renderRoute(<ContactPage />, { path: '/contact' });
  const fields = {
    name: screen.getByLabelText(/^name/i),
    email: screen.getByLabelText(/^email/i),
    topic: screen.getByLabelText(/^topic/i),
    message: screen.getByLabelText(/^message/i),
  };
  const submit = screen.getByRole('button', { name: 'Send Message' });
  return { user, fields, submit };
}

async function fill(user: ReturnType<typeof userEvent.setup>, fields: ReturnType<typeof setup>['fields'], values: { name?: string; email?: string; message?: string; topic?: string }) {
  if (values.name !== undefined) await user.type(fields.name, values.name);
  if (values.email !== undefined) await user.type(fields.email, values.email);
  if (values.topic !== undefined) await user.selectOptions(fields.topic, values.topic);
  if (values.message !== undefined) await user.type(fields.message, values.message);
}

describe('ContactPage validation', () => {
  it('requires every field and sends nothing', async () => {
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required.');
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(fields.message).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name).not.toHaveAttribute('aria-invalid', 'true');
    expect(fields.email).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('rejects a malformed email address', async () => {
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada.example.com', message: 'A long enough message' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email format.');
    expect(calls).toHaveLength(0);
  });

  it('requires ten characters after trimming', async () => {
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada@example.com', message: '   too short   ' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Message must be at least 10 characters long.');
    expect(calls).toHaveLength(0);
  });
});

describe('ContactPage sending', () => {
  it('posts the message publicly, shows the sending state, clears the form and toasts success', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    serve({
      'POST /contact': async () => {
        await held;
        return RECEIVED;
      },
    });
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: ' Ada Lovelace ', email: 'ada@example.com', topic: 'feature', message: 'Please add XML export.' });
    await user.click(submit);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('button', { name: /sending/i })).toBeDisabled();
    expect(fields.name).toBeDisabled();
    release();

    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    const [req] = calls;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/contact');
    expect(req!.headers.authorization).toBeUndefined();
    expect(req!.headers['content-type']).toContain('application/json');
    expect(req!.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Please add XML export.',
      contactType: 'feature',
    });
    await waitFor(() => expect(fields.name).toHaveValue(''));
    expect(fields.email).toHaveValue('');
    expect(fields.message).toHaveValue('');
    expect(fields.topic).toHaveValue('support');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps what the user typed and toasts failure when the server fails', async () => {
    let failing = true;
    serve({ 'POST /contact': () => (failing ? { status: 500, body: { detail: 'boom' } } : RECEIVED) });
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada@example.com', topic: 'bug', message: 'The upload button is stuck.' });
    await user.click(submit);

    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(fields.name).toHaveValue('Ada');
    expect(fields.email).toHaveValue('ada@example.com');
    expect(fields.topic).toHaveValue('bug');
    expect(fields.message).toHaveValue('The upload button is stuck.');
    expect(screen.queryByText("Message sent successfully! We'll get back to you soon.")).toBeNull();

    // Trying again works once the server recovers.
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    await waitFor(() => expect(fields.message).toHaveValue(''));
  });

  it('toasts failure when the server cannot be reached', async () => {
    // a port nothing listens on: connection refused
    configureApi({ baseUrl: 'http://127.0.0.1:9/api/v1/' });
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada@example.com', message: 'Is anybody there?' });
    await user.click(submit);
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(fields.message).toHaveValue('Is anybody there?');
  });
});
