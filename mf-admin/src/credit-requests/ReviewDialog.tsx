import { Badge, Box, Button, CloseButton, DataList, Dialog, Field, HStack, Portal, Separator, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatDateTime, toast, DataListItem, ErrorAlert } from '@quarry/shared';
import type { AdminCreditRequest } from '@quarry/shared/schemas';
import { useEffect, useState, type ReactNode } from 'react';
import { humanize } from './filter';
import { useReviewCreditRequest } from './queries';
import { RequestStatusBadge } from './RequestStatusBadge';
import { reviewErrorText, reviewNotesError } from './review';

/** The small upper-case title over each part of the request (user, details, review). */
function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="2">
      {children}
    </Text>
  );
}

/**
 * The review modal: user info and balance, the request's details, review notes,
 * Approve and Reject. A reviewed request shows its notes, reviewer and time, and nothing
 * can be done to it any more.
 */
export function ReviewDialog({ request, onClose }: { request: AdminCreditRequest | null; onClose: () => void }) {
  const review = useReviewCreditRequest();
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setNotes('');
    setNotesError(null);
    setFailure(null);
    review.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another request opens
  }, [request?.id]);

  const decide = (status: 'approved' | 'rejected') => {
    if (!request) return;
    const problem = reviewNotesError(status, notes);
    setNotesError(problem);
    setFailure(null);
    if (problem) return;
    review.mutate(
      { id: request.id, status, admin_notes: notes },
      {
        onSuccess: (done) => {
          if (done.status === 'approved') toast.success('Request Approved', `${done.amount.toLocaleString('en-US')} credits added for ${done.user.email}`);
          else toast.success('Request Rejected', `${done.user.email} was told why`);
          onClose();
        },
        onError: (err) => setFailure(reviewErrorText(err, status)),
      },
    );
  };

  const pending = request?.status === 'pending';
  const busy = review.isPending;

  return (
    <Dialog.Root
      open={request !== null}
      onOpenChange={(d) => {
        if (!d.open && !busy) onClose();
      }}
      placement="center"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="review-dialog">
            {request ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>{pending ? 'Review credit request' : 'Credit request'}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="5">
                    <Box>
                      <SectionTitle>User</SectionTitle>
                      <DataList.Root orientation="horizontal" size="sm">
                        <DataListItem label="Name">{request.user.name || '—'}</DataListItem>
                        <DataListItem label="Email" wordBreak="break-all">{request.user.email}</DataListItem>
                        <DataListItem label="Current balance" data-testid="review-balance">{request.user.current_balance.toLocaleString('en-US')} credits</DataListItem>
                      </DataList.Root>
                    </Box>
                    <Separator />
                    <Box>
                      <SectionTitle>Details</SectionTitle>
                      <DataList.Root orientation="horizontal" size="sm">
                        <DataListItem label="Amount" fontWeight="semibold">{request.amount.toLocaleString('en-US')} credits</DataListItem>
                        <DataListItem label="Status">
                          <RequestStatusBadge status={request.status} />
                        </DataListItem>
                        <DataListItem label="Urgency">
                          <Badge colorPalette={request.urgency === 'high' ? 'red' : request.urgency === 'low' ? 'gray' : 'blue'}>{request.urgency}</Badge>
                        </DataListItem>
                        <DataListItem label="Usage purpose">{humanize(request.usage_purpose)}</DataListItem>
                        <DataListItem label="Expected duration">{humanize(request.expected_duration)}</DataListItem>
                        <DataListItem label="Submitted">{formatDateTime(request.created_at)}</DataListItem>
                      </DataList.Root>
                      <Text textStyle="sm" fontWeight="medium" mt="3">
                        Project description
                      </Text>
                      <Text textStyle="sm" color="fg.muted" whiteSpace="pre-wrap">
                        {request.project_description}
                      </Text>
                      {request.feedback ? (
                        <>
                          <Text textStyle="sm" fontWeight="medium" mt="3">
                            Feedback
                          </Text>
                          <Text textStyle="sm" color="fg.muted" whiteSpace="pre-wrap">
                            {request.feedback}
                          </Text>
                        </>
                      ) : null}
                    </Box>
                    <Separator />
                    {pending ? (
                      <Field.Root invalid={Boolean(notesError)}>
                        <Field.Label>Review notes</Field.Label>
                        <Textarea
                          name="admin_notes"
                          rows={3}
                          value={notes}
                          placeholder="Optional for an approval; required to reject"
                          onChange={(e) => {
                            setNotes(e.target.value);
                            setNotesError(null);
                          }}
                        />
                        {notesError ? <Field.ErrorText>{notesError}</Field.ErrorText> : <Field.HelperText>The user sees these notes.</Field.HelperText>}
                      </Field.Root>
                    ) : (
                      <Box data-testid="review-outcome">
                        <SectionTitle>Review</SectionTitle>
                        <Text textStyle="sm" whiteSpace="pre-wrap">
                          {request.admin_notes || 'No notes'}
                        </Text>
                        <Text textStyle="xs" color="fg.muted" mt="1">
                          Reviewed by {request.reviewer?.name || request.reviewer?.email || 'an administrator'} on {formatDateTime(request.reviewed_at)}
                        </Text>
                        <Text textStyle="xs" color="fg.muted" mt="1">
                          This request has been reviewed and cannot be reviewed again.
                        </Text>
                      </Box>
                    )}
                    <ErrorAlert message={failure} />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  {pending ? (
                    <HStack gap="2">
                      <Button colorPalette="red" variant="outline" onClick={() => decide('rejected')} disabled={busy} loading={busy && review.variables?.status === 'rejected'}>
                        Reject
                      </Button>
                      <Button colorPalette="green" onClick={() => decide('approved')} disabled={busy} loading={busy && review.variables?.status === 'approved'}>
                        Approve
                      </Button>
                    </HStack>
                  ) : (
                    <Button variant="outline" onClick={onClose}>
                      Close
                    </Button>
                  )}
                </Dialog.Footer>
              </>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
