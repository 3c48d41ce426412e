import { Box, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCurrentUser, ButtonLink } from '@quarry/shared';
import { Coins } from 'lucide-react';
import { useResourceLimits } from '../../lib/resourceLimits';
import { creditsCardModel } from './credits';

/**
 * The sidebar's credits card: 'Low balance' and a prominent request button below the
 * threshold the admin set, 'Current balance' otherwise. Balance and threshold come from
 * `users/me/resource-limits` (cached, shared with /account), the balance falling back to the
 * user record. Superusers grant credits rather than ask: no request button for them.
 */
export function CreditsCard({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const limits = useResourceLimits(user?.id);
  const balance = limits.data?.credit_balance ?? user?.credit_balance;
  const model = creditsCardModel(balance, limits.data?.low_balance_threshold);
  const canRequest = !user?.is_superuser;
  return (
    <Box
      data-testid="credits-card"
      data-low={model.low ? 'true' : 'false'}
      borderWidth="1px"
      borderColor={model.low ? 'orange.emphasized' : 'border'}
      bg={model.low ? 'orange.subtle' : 'bg.panel'}
      rounded="l3"
      p="3"
    >
      <Stack gap="2">
        <Text textStyle="xs" fontWeight="medium" color={model.low ? 'orange.fg' : 'fg.muted'}>
          {model.label}
        </Text>
        <HStack gap="2">
          <Icon color={model.low ? 'orange.fg' : 'brand.fg'} size="md">
            <Coins />
          </Icon>
          {model.display === null ? (
            <Skeleton height="6" width="16" />
          ) : (
            <Text textStyle="xl" fontWeight="semibold" data-testid="credit-balance">
              {model.display}
            </Text>
          )}
          <Text textStyle="sm" color="fg.muted">
            credits
          </Text>
        </HStack>
        {!canRequest ? null : model.low ? (
          <ButtonLink to="/credit-request" colorPalette="orange" size="sm" w="full" onClick={onNavigate}>
            Request credits
          </ButtonLink>
        ) : (
          <ButtonLink to="/credit-request" variant="ghost" size="xs" alignSelf="flex-start" px="0" color="fg.muted" onClick={onNavigate}>
            Request more credits
          </ButtonLink>
        )}
      </Stack>
    </Box>
  );
}
