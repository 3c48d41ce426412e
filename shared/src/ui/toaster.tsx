// One toaster for the page (toasts auto-dismiss after 5000 ms; a duration of
// zero or less means the toast stays until closed). Render <Toaster /> once (AppProviders
// does); call `toast.*` from anywhere, including remotes.
import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
} from '@chakra-ui/react';

import { TOAST_DURATION_MS } from '../constants';

/** The rule (docs/product/platform.md): unset → 5000 ms; 0 or less → stays (Infinity); otherwise as given. */
export function toastDuration(duration?: number | null): number {
  if (duration === undefined || duration === null || Number.isNaN(duration)) return TOAST_DURATION_MS;
  return duration <= 0 ? Infinity : duration;
}

export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  duration: TOAST_DURATION_MS,
  max: 6,
});

export type ToastStatus = 'success' | 'error' | 'warning' | 'info' | 'loading';

export interface ToastInput {
  title: string;
  description?: string;
  /** ms; default 5000; 0 or less = stays until closed. */
  duration?: number;
  /** An action button, e.g. Retry. */
  action?: { label: string; onClick: () => void };
  closable?: boolean;
  id?: string;
}

export function showToast(status: ToastStatus, input: ToastInput): string {
  // Only defined keys: an explicit `id: undefined` would replace the store's generated id.
  const options: Parameters<typeof toaster.create>[0] = {
    type: status,
    title: input.title,
    duration: status === 'loading' && input.duration === undefined ? Infinity : toastDuration(input.duration),
    closable: input.closable ?? true,
  };
  if (input.description !== undefined) options.description = input.description;
  if (input.action) options.action = input.action;
  if (input.id !== undefined) options.id = input.id;
  return toaster.create(options);
}

type ToastArg = string | ToastInput;

function normalise(arg: ToastArg, description?: string, options?: Omit<ToastInput, 'title' | 'description'>): ToastInput {
  return typeof arg === 'string' ? { ...options, title: arg, description } : arg;
}

type ToastFn = (titleOrInput: ToastArg, description?: string, options?: Omit<ToastInput, 'title' | 'description'>) => string;

const make =
  (status: ToastStatus): ToastFn =>
  (arg, description, options) =>
    showToast(status, normalise(arg, description, options));

/** `toast.success('Saved')`, `toast.error('Delete Failed', 'Failed to delete resource type')`, `toast.info({title, duration: 0})`. */
export const toast = {
  success: make('success'),
  error: make('error'),
  warning: make('warning'),
  info: make('info'),
  loading: make('loading'),
  show: showToast,
  dismiss: (id?: string) => toaster.dismiss(id),
};

/** The toast region. Render exactly once in the page. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(t) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {t.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {t.title ? <Toast.Title>{t.title}</Toast.Title> : null}
              {t.description ? <Toast.Description>{t.description}</Toast.Description> : null}
            </Stack>
            {t.action ? <Toast.ActionTrigger>{t.action.label}</Toast.ActionTrigger> : null}
            {t.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
