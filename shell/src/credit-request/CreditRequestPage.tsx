import {
  Alert,
  Box,
  Button,
  Card,
  DataList,
  Field,
  Group,
  HStack,
  Heading,
  Icon,
  Input,
  List,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { PageHeader, RadioItem, SUBMISSION_FAILED_TITLE, SelectField, creditRequestErrorMessage, useCurrentUser, DataListItem, ButtonLink } from '@quarry/shared';
import { CREDIT_QUICK_SELECT_AMOUNTS, CREDIT_REQUEST_FEEDBACK_MAX_LENGTH, PROJECT_DESCRIPTION_MAX_LENGTH, PROJECT_DESCRIPTION_MIN_LENGTH } from '@quarry/shared/constants';
import { CircleCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { creditsCardModel } from '../layouts/authed/credits';
import { FormCard } from '../lib/FormCard';
import { useResourceLimits } from '../lib/resourceLimits';
import type { CreditRequest } from '@quarry/shared/schemas';
import { MyCreditRequests } from './MyCreditRequests';
import { useSubmitCreditRequest } from './queries';
import {
  EMPTY_CREDIT_REQUEST,
  EXPECTED_DURATION_OPTIONS,
  URGENCY_LABELS,
  URGENCY_OPTIONS,
  USAGE_PURPOSE_LABELS,
  USAGE_PURPOSE_OPTIONS,
  clearFieldError,
  creditRequestPayload,
  parseAmount,
  validateCreditRequest,
  type CreditRequestErrors,
  type CreditRequestField,
  type CreditRequestValues,
  type Urgency,
} from './validation';

const FIELD_ORDER: CreditRequestField[] = ['amount', 'usage_purpose', 'project_description', 'feedback'];

function Confirmation({ request, values, onAnother }: { request: CreditRequest | undefined; values: CreditRequestValues; onAnother: () => void }) {
  const amount = request?.amount ?? parseAmount(values.amount) ?? 0;
  const purpose = (request?.usage_purpose ?? values.usage_purpose) as keyof typeof USAGE_PURPOSE_LABELS;
  const urgency = (request?.urgency ?? values.urgency) as Urgency;
  return (
    <Card.Root maxW="2xl" data-testid="credit-request-confirmation">
      <Card.Body>
        <Stack gap="5" align="flex-start">
          <HStack gap="3">
            <Icon color="green.fg" boxSize="8">
              <CircleCheck />
            </Icon>
            <Heading as="h2" size="xl">
              Request submitted
            </Heading>
          </HStack>
          <Text color="fg.muted">
            Your request for {amount.toLocaleString('en-US')} credits was sent to an administrator.
          </Text>
          <DataList.Root orientation="horizontal" size="sm">
            <DataListItem label="Amount">{amount.toLocaleString('en-US')} credits</DataListItem>
            <DataListItem label="Usage purpose">{USAGE_PURPOSE_LABELS[purpose] ?? purpose}</DataListItem>
            <DataListItem label="Urgency">{URGENCY_LABELS[urgency] ?? urgency}</DataListItem>
            <DataListItem label="Status">Pending review</DataListItem>
          </DataList.Root>
          <Box>
            <Text fontWeight="semibold" mb="1">
              What happens next
            </Text>
            <List.Root as="ol" ps="5" gap="1" color="fg.muted" textStyle="sm">
              <List.Item>An administrator reviews your request, usually within 1 to 2 business days.</List.Item>
              <List.Item>You receive the decision by email.</List.Item>
              <List.Item>If it is approved, the credits are added to your balance automatically.</List.Item>
            </List.Root>
          </Box>
          <HStack gap="3" wrap="wrap">
            <ButtonLink to="/files" colorPalette="brand">Return to Files</ButtonLink>
            <Button variant="ghost" onClick={onAnother}>
              Submit another request
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A textarea field counting what is typed (trimmed) against its maximum, in red once past it. */
function CountedTextarea({
  name,
  label,
  required = false,
  rows,
  placeholder,
  helper,
  max,
  counterTestId,
  value,
  error,
  onChange,
}: {
  name: CreditRequestField;
  label: string;
  required?: boolean;
  rows: number;
  placeholder: string;
  /** on the left of the count */
  helper?: string;
  max: number;
  counterTestId?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const length = value.trim().length;
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Textarea name={name} rows={rows} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      <HStack justify={helper ? 'space-between' : 'flex-end'} w="full" textStyle="xs" color="fg.muted">
        {helper ? <Field.HelperText m="0">{helper}</Field.HelperText> : null}
        <Text data-testid={counterTestId} color={length > max ? 'fg.error' : undefined}>
          {`${length}/${max}`}
        </Text>
      </HStack>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** /credit-request (docs/product/platform.md): ask an administrator for credits. */
export default function CreditRequestPage() {
  const user = useCurrentUser();
  const limits = useResourceLimits(user?.id);
  const balance = creditsCardModel(limits.data?.credit_balance ?? user?.credit_balance, limits.data?.low_balance_threshold);

  const [values, setValues] = useState<CreditRequestValues>(EMPTY_CREDIT_REQUEST);
  const [errors, setErrors] = useState<CreditRequestErrors>({});
  const form = useRef<HTMLFormElement>(null);

  const submit = useSubmitCreditRequest();

  const set = <K extends CreditRequestField>(field: K, value: CreditRequestValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = validateCreditRequest(values);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    submit.mutate(creditRequestPayload(values));
  };

  if (submit.isSuccess) {
    return (
      <Box>
        <PageHeader title="Credit Request" />
        <Confirmation
          request={submit.data}
          values={values}
          onAnother={() => {
            setValues(EMPTY_CREDIT_REQUEST);
            setErrors({});
            submit.reset();
          }}
        />
        <Box mt="6" maxW="3xl">
          <MyCreditRequests />
        </Box>
      </Box>
    );
  }

  const amountNumber = parseAmount(values.amount);

  return (
    <Box maxW="3xl">
      <PageHeader
        title="Credit Request"
        description="Ask an administrator for more credits. Requests are usually reviewed within 1 to 2 business days."
      />
      <FormCard
        label="Credit request"
        onSubmit={onSubmit}
        formRef={form}
        gap="6"
        actions={
          <>
            <ButtonLink to="/account" variant="ghost">Cancel</ButtonLink>
            <Button type="submit" colorPalette="brand" loading={submit.isPending} loadingText="Submitting...">
              Submit request
            </Button>
          </>
        }
      >
        <HStack justify="space-between" p="3" rounded="l2" bg="bg.muted" wrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            {balance.label}
          </Text>
          <Text fontWeight="semibold" color={balance.low ? 'orange.fg' : 'fg'}>
            {balance.display ?? '-'} credits
          </Text>
        </HStack>

        <Field.Root required invalid={Boolean(errors.amount)}>
          <Field.Label>
            Amount (credits) <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 500"
            maxW="48"
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
          />
          <Group attached={false} gap="2" flexWrap="wrap" role="group" aria-label="Quick amounts" mt="1">
            {CREDIT_QUICK_SELECT_AMOUNTS.map((n) => {
              const selected = amountNumber === n;
              return (
                <Button
                  key={n}
                  size="xs"
                  variant={selected ? 'solid' : 'outline'}
                  colorPalette={selected ? 'brand' : 'gray'}
                  aria-pressed={selected}
                  onClick={() => set('amount', String(n))}
                >
                  {n.toLocaleString('en-US')}
                </Button>
              );
            })}
          </Group>
          <Field.HelperText>Up to 10,000 credits per request.</Field.HelperText>
          <Field.ErrorText>{errors.amount}</Field.ErrorText>
        </Field.Root>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <SelectField
            label="Usage purpose"
            name="usage_purpose"
            required
            error={errors.usage_purpose}
            value={values.usage_purpose}
            onChange={(v) => set('usage_purpose', v)}
            placeholder="Select a usage purpose"
            options={USAGE_PURPOSE_OPTIONS}
          />

          <SelectField
            label="Expected duration"
            name="expected_duration"
            value={values.expected_duration}
            onChange={(v) => set('expected_duration', v)}
            placeholder="Not sure yet"
            helper="Optional."
            options={EXPECTED_DURATION_OPTIONS}
          />
        </SimpleGrid>

        <CountedTextarea
          name="project_description"
          label="Project description"
          required
          rows={5}
          placeholder="What are you working on, and what will the credits be used for?"
          helper={`At least ${PROJECT_DESCRIPTION_MIN_LENGTH} characters.`}
          max={PROJECT_DESCRIPTION_MAX_LENGTH}
          counterTestId="description-counter"
          value={values.project_description}
          error={errors.project_description}
          onChange={(v) => set('project_description', v)}
        />

        <Field.Root>
          <RadioGroup.Root
            name="urgency"
            value={values.urgency}
            onValueChange={(d) => d.value && set('urgency', d.value as Urgency)}
            colorPalette="brand"
            size="sm"
          >
            <RadioGroup.Label>Urgency</RadioGroup.Label>
            <HStack gap="6" mt="2" wrap="wrap">
              {URGENCY_OPTIONS.map((u) => (
                <RadioItem key={u.value} value={u.value}>
                  {u.label}
                </RadioItem>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Field.Root>

        <CountedTextarea
          name="feedback"
          label="Feedback"
          rows={3}
          placeholder="Anything else we should know? (optional)"
          max={CREDIT_REQUEST_FEEDBACK_MAX_LENGTH}
          value={values.feedback}
          error={errors.feedback}
          onChange={(v) => set('feedback', v)}
        />

        {submit.isError ? (
          <Alert.Root status="error" data-testid="submission-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{SUBMISSION_FAILED_TITLE}</Alert.Title>
              <Alert.Description>{creditRequestErrorMessage(submit.error)}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </FormCard>
      <Box mt="6">
        <MyCreditRequests />
      </Box>
    </Box>
  );
}
