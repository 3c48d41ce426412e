import { useCallback, useEffect, useRef, useState } from 'react';
import { sendContact, type ContactPayload, type SendContact } from './sendContact';

/** idle → sending → success | error; a new attempt starts from sending again. */
export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

/**
 * Sends a contact message and tracks the state. `submit` resolves true on success, false
 * on failure (it never throws), and ignores calls while a message is on its way.
 */
export function useSendContact(send: SendContact = sendContact) {
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(
    async (payload: ContactPayload): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setStatus('sending');
      setError(null);
      try {
        await send(payload);
        if (mounted.current) setStatus('success');
        return true;
      } catch (e) {
        if (mounted.current) {
          setError(e);
          setStatus('error');
        }
        return false;
      } finally {
        inFlight.current = false;
      }
    },
    [send],
  );

  return { status, error, submit, sending: status === 'sending' };
}
