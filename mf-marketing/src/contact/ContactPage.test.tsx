import { configureApi, resetApiConfig, toaster } from '@quarry/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nodeFetch, startTestServer, type TestServer } from '../test/httpServer';
import { renderRoute } from '../test/render';
import ContactPage from './ContactPage';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: `${server.baseUrl}/api/v1/`, fetch: nodeFetch });
});

afterAll(async () => {
  resetApiConfig();
  await server.close();
});

afterEach(() => {
  server.requests.length = 0;
  server.replies.length = 0;
  act(() => toaster.remove());
});

function setup() {
  const user = userEvent.setup();
  renderRoute(<ContactPage />, { path: '/contact', withToaster: true });
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
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a malformed email address', async () => {
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada.example.com', message: 'A long enough message' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email format.');
    expect(server.requests).toHaveLength(0);
  });

  it('requires ten characters after trimming', async () => {
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada@example.com', message: '   too short   ' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Message must be at least 10 characters long.');
    expect(server.requests).toHaveLength(0);
  });
});

describe('ContactPage sending', () => {
  it('posts the message publicly, shows the sending state, clears the form and toasts success', async () => {
    let release!: () => void;
    server.replies.push({
      status: 201,
      body: { id: '3f1c6b8e-8f7e-4f5a-9c7e-0d9b2a7e1c11', message: 'received', created_at: '2025-01-01T00:00:00Z' },
      hold: new Promise<void>((r) => (release = r)),
    });
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: ' Ada Lovelace ', email: 'ada@example.com', topic: 'feature', message: 'Please add XML export.' });
    await user.click(submit);

    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(screen.getByRole('button', { name: /sending/i })).toBeDisabled();
    expect(fields.name).toBeDisabled();
    release();

    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    const [req] = server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/api/v1/contact');
    expect(req!.headers.authorization).toBeUndefined();
    expect(req!.headers['content-type']).toContain('application/json');
    expect(JSON.parse(req!.body)).toEqual({
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
    server.replies.push({ status: 500, body: { detail: 'boom' } });
    const { user, fields, submit } = setup();
    await fill(user, fields, { name: 'Ada', email: 'ada@example.com', topic: 'bug', message: 'The upload button is stuck.' });
    await user.click(submit);

    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
    expect(fields.name).toHaveValue('Ada');
    expect(fields.email).toHaveValue('ada@example.com');
    expect(fields.topic).toHaveValue('bug');
    expect(fields.message).toHaveValue('The upload button is stuck.');
    expect(screen.queryByText("Message sent successfully! We'll get back to you soon.")).toBeNull();

    // Trying again works once the server recovers.
    server.replies.push({ status: 201, body: { id: '3f1c6b8e-8f7e-4f5a-9c7e-0d9b2a7e1c12', message: 'received', created_at: '2025-01-01T00:00:00Z' } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    expect(server.requests).toHaveLength(2);
    await waitFor(() => expect(fields.message).toHaveValue(''));
  });

  it('toasts failure when the server cannot be reached', async () => {
    const dead = await startTestServer();
    const url = dead.baseUrl;
    await dead.close();
    configureApi({ baseUrl: `${url}/api/v1/` });
    try {
      const { user, fields, submit } = setup();
      await fill(user, fields, { name: 'Ada', email: 'ada@example.com', message: 'Is anybody there?' });
      await user.click(submit);
      expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
      expect(fields.message).toHaveValue('Is anybody there?');
    } finally {
      configureApi({ baseUrl: `${server.baseUrl}/api/v1/` });
    }
  });
});
