import { Alert, Box, HStack, Icon, List, Progress, Stack, Text, Wrap } from '@chakra-ui/react';
import { Check, TriangleAlert, X } from 'lucide-react';
import { INDICATORS, PASSWORD_FAILURE_DETAIL, PASSWORD_FAILURE_MESSAGE, PATTERN_WARNINGS, type PasswordStrength, type StrengthLevel } from './passwordStrength';

const LEVEL_PALETTE: Record<StrengthLevel, string> = {
  'very weak': 'red',
  weak: 'orange',
  fair: 'yellow',
  good: 'teal',
  strong: 'green',
};

/** The live meter under the sign-up password: level, percentage, indicators, warnings. */
export function StrengthMeter({ strength, checking }: { strength: PasswordStrength; checking: boolean }) {
  const palette = LEVEL_PALETTE[strength.level];
  return (
    <Stack gap="2.5" data-testid="strength-meter" data-level={strength.level} data-percentage={strength.percentage} data-acceptable={strength.acceptable}>
      <Progress.Root value={strength.percentage} max={100} size="sm" colorPalette={palette} aria-label="Strength meter">
        <HStack justify="space-between" mb="1">
          <Progress.Label textStyle="sm">
            Strength:{' '}
            <Text as="span" fontWeight="semibold" color={`${palette}.fg`} textTransform="capitalize">
              {strength.level}
            </Text>
          </Progress.Label>
          <Progress.ValueText textStyle="sm">{`${strength.percentage}%`}</Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range transition="width 0.2s ease" />
        </Progress.Track>
      </Progress.Root>

      <Wrap gap="1.5" as="ul" aria-label="Requirements">
        {INDICATORS.map((ind) => {
          const ok = strength.requirements[ind.key];
          return (
            <HStack
              as="li"
              key={ind.key}
              gap="1"
              px="2"
              py="0.5"
              rounded="full"
              textStyle="xs"
              fontWeight="medium"
              borderWidth="1px"
              borderColor={ok ? 'green.muted' : 'border'}
              bg={ok ? 'green.subtle' : 'bg.muted'}
              color={ok ? 'green.fg' : 'fg.muted'}
              title={ind.description}
              data-met={ok}
            >
              <Icon size="xs">{ok ? <Check /> : <X />}</Icon>
              <span>{ind.label}</span>
              <Box as="span" srOnly>
                {ok ? '(met)' : '(not met)'}
              </Box>
            </HStack>
          );
        })}
      </Wrap>

      {strength.patterns.length > 0 || strength.feedback ? (
        <List.Root gap="1" textStyle="xs" color="orange.fg" variant="plain" aria-label="Predictable patterns">
          {strength.feedback ? (
            <List.Item>
              <List.Indicator asChild>
                <TriangleAlert size={14} />
              </List.Indicator>
              {strength.feedback}
            </List.Item>
          ) : null}
          {strength.patterns.map((p) => (
            <List.Item key={`${p.kind}:${p.text}`}>
              <List.Indicator asChild>
                <TriangleAlert size={14} />
              </List.Indicator>
              {PATTERN_WARNINGS[p.kind]}: “{p.text}”
            </List.Item>
          ))}
        </List.Root>
      ) : null}

      {strength.suggestions.length > 0 ? (
        <List.Root ps="4" gap="0.5" textStyle="xs" color="fg.muted" aria-label="Suggestions">
          {strength.suggestions.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List.Root>
      ) : null}

      <Text textStyle="xs" color="fg.subtle">
        {checking
          ? 'Checking strength…'
          : strength.crackTime
            ? `Estimated time to crack: ${strength.crackTime}`
            : strength.estimated
              ? 'Strength estimated locally.'
              : null}
      </Text>
    </Stack>
  );
}

/**
 * What a new-password field says under itself (sign-up, reset): the live meter once something
 * is typed (the input's aria-describedby is "password-strength"), and why the password is
 * refused once the user has left the field or submitted.
 */
export function PasswordAdvice({ password, strength, checking, refused, refusedTestId }: { password: string; strength: PasswordStrength; checking: boolean; refused: boolean; refusedTestId?: string }) {
  return (
    <>
      <div id="password-strength" aria-live="polite">
        {password ? <StrengthMeter strength={strength} checking={checking} /> : null}
      </div>
      {refused ? (
        <Alert.Root status="warning" size="sm" data-testid={refusedTestId}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{PASSWORD_FAILURE_MESSAGE}</Alert.Title>
            <Alert.Description>{PASSWORD_FAILURE_DETAIL}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </>
  );
}
