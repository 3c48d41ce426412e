import { Badge, Box, Card, Container, HStack, List, SegmentGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ButtonLink } from '@quarry/shared';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { MarketingHeader } from '../common/MarketingHeader';
import { useScrollToHash } from '../common/useScrollToHash';
import { Faq } from './Faq';
import { PLANS, YEARLY_BADGE, formatPrice, periodLabel, planHref, type Plan, type PlanCycle } from '../common/plans';

function CycleToggle({ cycle, onChange }: { cycle: PlanCycle; onChange: (cycle: PlanCycle) => void }) {
  return (
    <SegmentGroup.Root
      size="lg"
      value={cycle}
      onValueChange={(details) => {
        if (details.value === 'monthly' || details.value === 'yearly') onChange(details.value);
      }}
      aria-label="Billing period"
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Item value="monthly" cursor="pointer">
        <SegmentGroup.ItemText>Monthly</SegmentGroup.ItemText>
        <SegmentGroup.ItemHiddenInput />
      </SegmentGroup.Item>
      <SegmentGroup.Item value="yearly" cursor="pointer">
        <SegmentGroup.ItemText>
          <HStack gap="2">
            Yearly
            <Badge colorPalette="green" variant="solid" size="sm" rounded="full">
              {YEARLY_BADGE}
            </Badge>
          </HStack>
        </SegmentGroup.ItemText>
        <SegmentGroup.ItemHiddenInput />
      </SegmentGroup.Item>
    </SegmentGroup.Root>
  );
}

function PlanCard({ plan, cycle }: { plan: Plan; cycle: PlanCycle }) {
  const amount = plan.price[cycle];
  return (
    <Card.Root
      as="article"
      aria-labelledby={`plan-${plan.id}`}
      data-plan={plan.id}
      variant={plan.highlighted ? 'elevated' : 'outline'}
      borderWidth={plan.highlighted ? '2px' : '1px'}
      borderColor={plan.highlighted ? 'brand.solid' : 'border'}
      position="relative"
    >
      {plan.highlighted ? (
        <Badge position="absolute" top="-3" left="50%" transform="translateX(-50%)" colorPalette="brand" variant="solid" rounded="full" px="3">
          Most popular
        </Badge>
      ) : null}
      <Card.Header gap="1">
        <Card.Title id={`plan-${plan.id}`} as="h2" fontSize="xl">
          {plan.name}
        </Card.Title>
        {/* Two lines reserved so the prices line up across the cards. */}
        <Card.Description minH={{ md: '2lh' }}>{plan.tagline}</Card.Description>
      </Card.Header>
      <Card.Body gap="6">
        <HStack gap="1" align="baseline">
          <Text fontSize="5xl" fontWeight="bold" letterSpacing="tight" data-testid={`price-${plan.id}`}>
            {formatPrice(amount)}
          </Text>
          <Text color="fg.muted">{periodLabel(cycle)}</Text>
        </HStack>
        <List.Root gap="2.5" variant="plain">
          {plan.features.map((feature) => (
            <List.Item key={feature} alignItems="center">
              <List.Indicator asChild color="brand.fg">
                <Check />
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <ButtonLink to={planHref(plan, cycle)} w="full" size="lg" colorPalette="brand" variant={plan.highlighted ? 'solid' : 'outline'}>{plan.cta}</ButtonLink>
      </Card.Footer>
    </Card.Root>
  );
}

export default function PricingPage() {
  const [cycle, setCycle] = useState<PlanCycle>('monthly');
  useScrollToHash();
  return (
    <Container maxW="6xl" py={{ base: '12', md: '20' }}>
      <Stack gap={{ base: '12', md: '16' }}>
        <Stack gap="8" align="center">
          <MarketingHeader eyebrow="Pricing" title="Simple pricing for every team">
            Start free and move up when you need more projects, more people or more volume.
          </MarketingHeader>
          <CycleToggle cycle={cycle} onChange={setCycle} />
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" alignItems="stretch" pt="3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} cycle={cycle} />
          ))}
        </SimpleGrid>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          Prices in US dollars. Online payment is not available yet — the payment provider runs in sandbox mode.
        </Text>
        <Box borderTopWidth="1px" pt={{ base: '12', md: '16' }}>
          <Faq />
        </Box>
      </Stack>
    </Container>
  );
}
