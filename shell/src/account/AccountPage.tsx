import {
  Badge,
  Box,
  Card,
  DataList,
  Flex,
  HStack,
  Heading,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, formatDate, formatDateTime, formatResetText, toAppError, toast, useAuth, DataListItem, ButtonLink } from '@quarry/shared';
import type { ResourceLimitEntry } from '@quarry/shared/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useEffect } from 'react';
import { creditsCardModel } from '../layouts/authed/credits';
import { useEmailPreferences, useResourceLimits, useUpdateEmailPreferences } from './queries';
import { USAGE_PALETTE, formatAmount, resourceLabel, usageLevel, usagePercentage } from './usage';

/** How jobs are charged when they fail (docs/product/extraction-rules.md). */
export const CREDITS_REFUND_RULE =
  'A job costs its credits when you start it. If its work fails through no fault of yours (the language-model provider is down, an internal error), the credits come back; a job you cancel, or one that fails because of its files, prompt or schema, keeps its cost. Missing required fields in a document are a result, not a failure.';

export const ACCOUNT_TEXTS = {
  loading: 'Loading your account details...',
  loggedOut: 'Please log in to view your account.',
  limitsFailed: 'Failed to load resource usage data',
  preferencesFailed: 'Error loading email preferences',
  updateFailed: (message: string) => `Failed to update email preferences: ${message}`,
} as const;

/** A failed load says so once per failure, in a toast with Retry. */
function useFailureToast(query: UseQueryResult<unknown>, id: string, title: string) {
  const { isError, errorUpdatedAt, error, refetch } = query;
  useEffect(() => {
    if (!isError) return;
    toast.error({
      id: `${id}-${errorUpdatedAt}`,
      title,
      description: toAppError(error).message,
      action: { label: 'Retry', onClick: () => void refetch() },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one toast per failure
  }, [isError, errorUpdatedAt]);
}

function ResourceLimitRow({ entry }: { entry: ResourceLimitEntry }) {
  const percentage = usagePercentage(entry);
  const level = usageLevel(percentage);
  const reset = formatResetText(entry.reset_period, entry.next_reset_at);
  const unit = entry.unit ? ` ${entry.unit}` : '';
  return (
    <Box data-testid="resource-limit" data-name={entry.name} data-level={level} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Flex justify="space-between" gap="3" wrap="wrap" mb="1.5">
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="medium">{resourceLabel(entry.name)}</Text>
            {level !== 'ok' ? (
              <Badge colorPalette={USAGE_PALETTE[level]} size="sm">
                {level === 'error' ? 'At limit' : 'Near limit'}
              </Badge>
            ) : null}
          </HStack>
          {entry.description ? (
            <Text textStyle="sm" color="fg.muted">
              {entry.description}
            </Text>
          ) : null}
        </Stack>
        <Text textStyle="sm" fontVariantNumeric="tabular-nums" color="fg.muted" whiteSpace="nowrap">
          <Text as="span" color="fg" fontWeight="semibold">
            {formatAmount(entry.current_usage)}
          </Text>{' '}
          / {formatAmount(entry.limit)}
          {unit}
        </Text>
      </Flex>
      <Progress.Root value={Math.min(100, Math.max(0, percentage))} size="sm" colorPalette={USAGE_PALETTE[level]} aria-label={`${resourceLabel(entry.name)} usage`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" mt="1.5" textStyle="xs" color="fg.muted" wrap="wrap">
        <Text>{`${Math.round(percentage)}% used`}</Text>
        <HStack gap="3">
          {entry.credit_cost > 0 ? <Text>{`${entry.credit_cost} credit${entry.credit_cost === 1 ? '' : 's'} per use`}</Text> : null}
          {reset ? <Text data-testid="reset-text">{reset}</Text> : null}
        </HStack>
      </HStack>
    </Box>
  );
}

function ResourceLimitsCard({ query }: { query: ReturnType<typeof useResourceLimits> }) {
  let body;
  if (query.isPending) {
    body = (
      <Stack gap="4" py="2" aria-busy="true" aria-label="Loading resource usage">
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap="2">
            <Skeleton height="4" width="40%" />
            <Skeleton height="2" />
          </Stack>
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = <ErrorState title={ACCOUNT_TEXTS.limitsFailed} message={toAppError(query.error).message} onRetry={() => void query.refetch()} />;
  } else if (query.data.resource_limits.length === 0) {
    body = <EmptyState icon={<Gauge />} title="No usage limits" description="Your account has no resource limits configured." />;
  } else {
    body = query.data.resource_limits.map((entry) => <ResourceLimitRow key={entry.resource_type_id ?? entry.name} entry={entry} />);
  }
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Resource limits and usage
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          What your plan allows and how much of it you have used.
        </Text>
      </Card.Header>
      <Card.Body pt="2">{body}</Card.Body>
    </Card.Root>
  );
}

function EmailPreferencesCard({ userId }: { userId: string }) {
  const prefs = useEmailPreferences(userId);
  const update = useUpdateEmailPreferences(userId);
  useFailureToast(prefs, 'email-preferences', ACCOUNT_TEXTS.preferencesFailed);

  const change = (enabled: boolean) => {
    update.mutate(enabled, {
      onError: (error) => toast.error(ACCOUNT_TEXTS.updateFailed(toAppError(error).message)),
    });
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Email preferences
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {prefs.isPending ? (
          <Skeleton height="6" width="60%" />
        ) : prefs.isError ? (
          <ErrorState title={ACCOUNT_TEXTS.preferencesFailed} message={toAppError(prefs.error).message} onRetry={() => void prefs.refetch()} />
        ) : (
          <Switch.Root
            checked={update.isPending ? update.variables : prefs.data.notifications_enabled}
            onCheckedChange={(d) => change(d.checked)}
            disabled={update.isPending}
            colorPalette="brand"
            alignItems="flex-start"
          >
            <Switch.HiddenInput />
            <Switch.Control mt="0.5">
              <Switch.Thumb />
            </Switch.Control>
            <Stack gap="0">
              <Switch.Label>Email notifications</Switch.Label>
              <Text textStyle="sm" color="fg.muted">
                Receive emails about your jobs, credit requests and account.
              </Text>
            </Stack>
          </Switch.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /account (docs/product/platform.md): profile, resource limits and usage, email preferences. */
export default function AccountPage() {
  const { user, status } = useAuth();
  const limits = useResourceLimits(user?.id);
  useFailureToast(limits, 'resource-limits', ACCOUNT_TEXTS.limitsFailed);

  if (!user) {
    if (status === 'loading' || status === 'idle') return <LoadingState text={ACCOUNT_TEXTS.loading} fill />;
    return (
      <EmptyState
        title={ACCOUNT_TEXTS.loggedOut}
        action={<ButtonLink to="/login?redirect=%2Faccount" colorPalette="brand">Log in</ButtonLink>}
      />
    );
  }

  // The first load of the account's data (afterwards the cache answers for 5 minutes).
  if (limits.isPending) return <LoadingState text={ACCOUNT_TEXTS.loading} fill />;

  const credits = creditsCardModel(limits.data?.credit_balance ?? user.credit_balance, limits.data?.low_balance_threshold);

  return (
    <Box maxW="5xl">
      <PageHeader title="Account" description="Your profile, credits, usage and email preferences." />
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="6" alignItems="start">
        <Stack gap="6" gridColumn={{ lg: 'span 3' }}>
          <ResourceLimitsCard query={limits} />
        </Stack>
        <Stack gap="6" gridColumn={{ lg: 'span 2' }}>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                Profile
              </Heading>
            </Card.Header>
            <Card.Body pt="2">
              <DataList.Root orientation="vertical" size="sm" gap="3">
                <DataListItem label="Email" wordBreak="break-all">{user.email}</DataListItem>
                <DataListItem label="Name">{user.full_name || '-'}</DataListItem>
                <DataListItem label="Role">
                  <Badge colorPalette={user.is_superuser ? 'purple' : 'gray'}>{user.is_superuser ? 'Administrator' : 'User'}</Badge>
                </DataListItem>
                <DataListItem label="Email verified">
                  <Badge colorPalette={user.is_verified ? 'green' : 'yellow'}>{user.is_verified ? 'Verified' : 'Not verified'}</Badge>
                </DataListItem>
                <DataListItem label="Member since">{formatDate(user.created_at)}</DataListItem>
                <DataListItem label="Last login">{formatDateTime(user.last_login_at)}</DataListItem>
              </DataList.Root>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Body>
              <Flex justify="space-between" align="center" gap="4" wrap="wrap">
                <Stack gap="0">
                  <Text textStyle="sm" color={credits.low ? 'orange.fg' : 'fg.muted'}>
                    {credits.label}
                  </Text>
                  <Text textStyle="2xl" fontWeight="semibold" data-testid="account-credit-balance">
                    {credits.display ?? '-'} <Text as="span" textStyle="sm" color="fg.muted" fontWeight="normal">credits</Text>
                  </Text>
                </Stack>
                {user.is_superuser ? null : (
                  <ButtonLink to="/credit-request" colorPalette={credits.low ? 'orange' : 'brand'} variant={credits.low ? 'solid' : 'outline'} size="sm">Request credits</ButtonLink>
                )}
              </Flex>
              <Text textStyle="sm" color="fg.muted" mt="3" data-testid="credits-refund-rule">
                {CREDITS_REFUND_RULE}
              </Text>
            </Card.Body>
          </Card.Root>

          <EmailPreferencesCard userId={user.id} />

          <Card.Root size="sm">
            <Card.Body>
              <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                <Stack gap="0">
                  <Text fontWeight="medium">Password and sessions</Text>
                  <Text textStyle="sm" color="fg.muted">
                    Change your password or sign out other devices.
                  </Text>
                </Stack>
                <ButtonLink to="/settings#security" variant="outline" size="sm">Security settings</ButtonLink>
              </Flex>
            </Card.Body>
          </Card.Root>
        </Stack>
      </SimpleGrid>
    </Box>
  );
}
