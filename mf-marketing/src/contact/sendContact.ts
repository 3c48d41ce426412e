// `POST contact`: public, no token. Goes through the one shared API client so
// base URL, time-out and error normalisation are the app's.
import { api } from '@quarry/shared';
import type { ContactType } from './validation';

export interface ContactPayload {
  name: string;
  email: string;
  message: string;
  contactType: ContactType;
}

export type SendContact = (payload: ContactPayload) => Promise<unknown>;

export const sendContact: SendContact = (payload) => api.post('contact', payload, { public: true });
