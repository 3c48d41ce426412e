import { Alert, Text } from '@chakra-ui/react';
import { useModelCallPolicy } from './queries';

const credits = (n: number) => `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;

/** What a model call from this page costs and how often it may run (the server enforces both). */
export function MeteringNote() {
  const policy = useModelCallPolicy();
  if (policy.isPending) {
    return (
      <Text textStyle="sm" color="fg.muted" mb="5">
        Checking what a call costs...
      </Text>
    );
  }
  if (policy.isError) {
    return (
      <Text textStyle="sm" color="fg.muted" mb="5">
        Each call to a model is charged like a job and limited per minute.
      </Text>
    );
  }
  const p = policy.data;
  if (!p.allowed) {
    return (
      <Alert.Root status="warning" size="sm" mb="5">
        <Alert.Indicator />
        <Alert.Description>Model test calls are switched off on this server: only administrators can run them. Your earlier results stay below.</Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="info" size="sm" mb="5" data-testid="metering-note">
      <Alert.Indicator />
      <Alert.Description>
        Each request that calls a model takes {credits(p.credit_cost)} from your balance, as a job does, whichever provider answers — the offline extractor included
        (your balance: {credits(p.credit_balance)}). At most {p.calls_per_minute} call{p.calls_per_minute === 1 ? '' : 's'} a minute; answers from the cache are
        free. The prompt playground follows the same rules.
      </Alert.Description>
    </Alert.Root>
  );
}
