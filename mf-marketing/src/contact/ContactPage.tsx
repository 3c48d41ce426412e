import {
  Button,
  Card,
  Container,
  Field,
  Fieldset,
  Flex,
  Grid,
  Input,
  Link as ChakraLink,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { toast, ErrorAlert } from '@quarry/shared';
import { CONTACT_MESSAGE_MIN_LENGTH, CONTACT_TYPES } from '@quarry/shared/constants';
import { Clock, Lightbulb, LifeBuoy } from 'lucide-react';
import { useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MarketingHeader } from '../common/MarketingHeader';
import type { SendContact } from './sendContact';
import { useSendContact } from './useSendContact';
import {
  CONTACT_TYPE_LABELS,
  toContactPayload,
  validateContact,
  type ContactField,
  type ContactFormValues,
  type ContactValidationError,
} from './validation';
import { IconTile } from '../common/IconTile';

export const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE = 'Failed to send message. Please try again.';

const EMPTY: ContactFormValues = { name: '', email: '', message: '', contactType: 'support' };

const FIELD_ORDER: ContactField[] = ['name', 'email', 'contactType', 'message'];

/** The contact form: validation, idle → sending → success/failure, toasts (docs/product/marketing.md). */
export function ContactForm({ send }: { send?: SendContact }) {
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [invalid, setInvalid] = useState<ContactValidationError | null>(null);
  const { submit, sending } = useSendContact(send);
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>>>({});

  const set = (field: ContactField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const isInvalid = (field: ContactField) => invalid?.fields.includes(field) ?? false;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const problem = validateContact(values);
    setInvalid(problem);
    if (problem) {
      const first = FIELD_ORDER.find((f) => problem.fields.includes(f));
      if (first) refs.current[first]?.focus();
      return;
    }
    const ok = await submit(toContactPayload(values));
    if (ok) {
      setValues(EMPTY);
      toast.success(CONTACT_SUCCESS);
    } else {
      // Keep what the user typed so they can try again.
      toast.error(CONTACT_FAILURE);
    }
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Contact form" aria-busy={sending}>
      <Fieldset.Root disabled={sending} gap="5">
        <Fieldset.Legend srOnly>Contact details</Fieldset.Legend>
        <Fieldset.Content gap="5">
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="5">
            <Field.Root required invalid={isInvalid('name')}>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={(el) => {
                  refs.current.name = el;
                }}
                name="name"
                autoComplete="name"
                value={values.name}
                onChange={set('name')}
                placeholder="Jane Doe"
              />
            </Field.Root>
            <Field.Root required invalid={isInvalid('email')}>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={(el) => {
                  refs.current.email = el;
                }}
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={set('email')}
                placeholder="jane@example.com"
              />
            </Field.Root>
          </Grid>
          <Field.Root required invalid={isInvalid('contactType')}>
            <Field.Label>
              Topic <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                ref={(el) => {
                  refs.current.contactType = el;
                }}
                name="contactType"
                value={values.contactType}
                onChange={set('contactType')}
              >
                {CONTACT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {CONTACT_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required invalid={isInvalid('message')}>
            <Field.Label>
              Message <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              ref={(el) => {
                refs.current.message = el;
              }}
              name="message"
              value={values.message}
              onChange={set('message')}
              rows={6}
              autoresize
              placeholder="How can we help?"
            />
            <Field.HelperText>At least {CONTACT_MESSAGE_MIN_LENGTH} characters.</Field.HelperText>
          </Field.Root>
        </Fieldset.Content>
        <ErrorAlert message={invalid?.message} role="alert" data-testid="contact-error" />
        <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={sending} loadingText="Sending...">
          Send Message
        </Button>
      </Fieldset.Root>
    </chakra.form>
  );
}

function InfoCard({ icon, title, children }: { icon: ComponentType; title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm" variant="subtle">
      <Card.Body>
        <Flex gap="3" align="flex-start">
          <IconTile icon={icon} size="sm" />
          <Stack gap="1">
            <Text fontWeight="semibold">{title}</Text>
            <Text color="fg.muted" fontSize="sm">
              {children}
            </Text>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export default function ContactPage() {
  return (
    <Container maxW="6xl" py={{ base: '12', md: '20' }}>
      <Stack gap={{ base: '10', md: '14' }}>
        <MarketingHeader eyebrow="Contact" title="Get in touch">
          Questions, bug reports, feature ideas or account issues — send us a message.
        </MarketingHeader>
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap={{ base: '8', lg: '10' }} alignItems="start">
          <Card.Root variant="outline">
            <Card.Body p={{ base: '5', md: '8' }}>
              <ContactForm />
            </Card.Body>
          </Card.Root>
          <Stack gap="4">
            <InfoCard icon={Clock} title="Fast answers">
              We reply to every message within 24 hours.
            </InfoCard>
            <InfoCard icon={LifeBuoy} title="Support and accounts">
              Trouble with an upload, a job or your account? Pick the matching topic so the right person sees it.
            </InfoCard>
            <InfoCard icon={Lightbulb} title="Looking for quick answers?">
              Plans, trials and refunds are covered in the{' '}
              <ChakraLink asChild color="brand.fg">
                <Link to="/pricing#faq">pricing FAQ</Link>
              </ChakraLink>
              .
            </InfoCard>
          </Stack>
        </Grid>
      </Stack>
    </Container>
  );
}
