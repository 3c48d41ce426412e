import { Button, CloseButton, Dialog, Field, Icon, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { toast } from '@quarry/shared';
import { FEEDBACK_CATEGORIES, FEEDBACK_DIALOG_AUTO_CLOSE_MS } from '@quarry/shared/constants';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGES,
  feedbackCounter,
  feedbackPayload,
  validateFeedback,
  type FeedbackValues,
} from './validation';
import { useSubmitFeedback } from './queries';

const EMPTY: FeedbackValues = { category: '', message: '' };

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The feedback dialog: category and message, submit disabled until both are
 * there, 'Submitting...', then a thank-you that closes itself after 2 s. A failure keeps
 * what was typed and says so in a toast. A closed dialog keeps its draft.
 */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const [values, setValues] = useState<FeedbackValues>(EMPTY);
  const [touched, setTouched] = useState<{ category?: boolean; message?: boolean }>({});
  const [thanks, setThanks] = useState(false);
  const errors = validateFeedback(values);
  const valid = Object.keys(errors).length === 0;

  const submit = useSubmitFeedback();

  useEffect(() => {
    if (!thanks) return undefined;
    const timer = setTimeout(() => {
      onOpenChange(false);
      setThanks(false);
    }, FEEDBACK_DIALOG_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [thanks, onOpenChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ category: true, message: true });
    if (!valid || submit.isPending) return;
    submit.mutate(feedbackPayload(values, { url: window.location.href, userAgent: navigator.userAgent }), {
      onSuccess: () => {
        setThanks(true);
        setValues(EMPTY);
        setTouched({});
      },
      onError: (error) => {
        toast.error({ title: FEEDBACK_MESSAGES.failure, description: error instanceof Error ? error.message : undefined });
      },
    });
  };

  const showCategoryError = Boolean(touched.category && errors.category);
  const showMessageError = Boolean(touched.message && errors.message);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (submit.isPending) return;
        onOpenChange(d.open);
        if (!d.open) setThanks(false);
      }}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="feedback-dialog">
            {thanks ? (
              <Dialog.Body py="10">
                <Stack align="center" textAlign="center" gap="3" role="status">
                  <Icon color="green.fg" boxSize="10">
                    <CircleCheck />
                  </Icon>
                  <Dialog.Title>Thank you for your feedback!</Dialog.Title>
                  <Text color="fg.muted">We read every message and use it to improve Quarry.</Text>
                </Stack>
              </Dialog.Body>
            ) : (
              <form onSubmit={onSubmit} noValidate>
                <Dialog.Header>
                  <Dialog.Title>Send feedback</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text color="fg.muted" textStyle="sm">
                      Found a bug or have an idea? Tell us what you think.
                    </Text>
                    <Field.Root required invalid={showCategoryError}>
                      <Field.Label>
                        Category <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          name="category"
                          value={values.category}
                          onChange={(e) => {
                            setValues((v) => ({ ...v, category: e.target.value }));
                            setTouched((t) => ({ ...t, category: true }));
                          }}
                          onBlur={() => setTouched((t) => ({ ...t, category: true }))}
                        >
                          <option value="" disabled>
                            Select a category
                          </option>
                          {FEEDBACK_CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {FEEDBACK_CATEGORY_LABELS[c]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.category}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={showMessageError}>
                      <Field.Label>
                        Message <Field.RequiredIndicator />
                      </Field.Label>
                      <Textarea
                        name="message"
                        rows={6}
                        autoresize
                        maxH="60"
                        placeholder="What happened, or what would make Quarry better?"
                        value={values.message}
                        onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
                        onBlur={() => setTouched((t) => ({ ...t, message: true }))}
                      />
                      <Field.HelperText alignSelf="flex-end" data-testid="feedback-counter">
                        {feedbackCounter(values.message)}
                      </Field.HelperText>
                      <Field.ErrorText>{errors.message}</Field.ErrorText>
                    </Field.Root>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" disabled={submit.isPending}>
                      Cancel
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button
                    type="submit"
                    colorPalette="brand"
                    disabled={!valid}
                    loading={submit.isPending}
                    loadingText="Submitting..."
                  >
                    Submit feedback
                  </Button>
                </Dialog.Footer>
              </form>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close feedback" disabled={submit.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
