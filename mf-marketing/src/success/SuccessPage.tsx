import { Card, Container, Flex, Heading, Icon, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { ButtonLink } from '@quarry/shared';
import { ArrowRight, CircleCheckBig, FolderOpen, LifeBuoy, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { IconTile } from '../common/IconTile';

const NEXT_STEPS: { to: string; title: string; text: string; icon: ComponentType }[] = [
  { to: '/files', title: 'Upload your first documents', text: 'Add PDFs or images to your file library.', icon: FolderOpen },
  { to: '/account', title: 'Review your account', text: 'See your plan, credits and resource limits.', icon: UserRound },
  { to: '/contact', title: 'Get help', text: 'Questions about your subscription? We answer within 24 hours.', icon: LifeBuoy },
];

/** After a subscription: where to go next. */
export default function SuccessPage() {
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack gap="10" align="center" textAlign="center">
        <Flex boxSize="16" rounded="full" align="center" justify="center" bg="green.subtle" color="green.fg">
          <Icon size="2xl">
            <CircleCheckBig />
          </Icon>
        </Flex>
        <Stack gap="3">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
            Welcome Aboard
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Your subscription is active. Here is where to go next.
          </Text>
        </Stack>
        <Stack as="nav" aria-label="Next steps" gap="3" w="full" textAlign="start">
          {NEXT_STEPS.map((step) => (
            <LinkBox key={step.to} as="article">
              <Card.Root size="sm" variant="outline" _hover={{ borderColor: 'brand.solid' }} transition="border-color 0.15s">
                <Card.Body>
                  <Flex gap="4" align="center">
                    <IconTile icon={step.icon} />
                    <Stack gap="0.5" flex="1">
                      <LinkOverlay asChild fontWeight="semibold">
                        <Link to={step.to}>{step.title}</Link>
                      </LinkOverlay>
                      <Text color="fg.muted" fontSize="sm">
                        {step.text}
                      </Text>
                    </Stack>
                    <Icon color="fg.muted" size="sm">
                      <ArrowRight />
                    </Icon>
                  </Flex>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          ))}
        </Stack>
        <ButtonLink to="/files" size="lg" colorPalette="brand">Go to Files</ButtonLink>
      </Stack>
    </Container>
  );
}
