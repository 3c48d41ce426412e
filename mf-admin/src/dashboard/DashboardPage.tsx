import { Badge, Box, Card, Heading, HStack, Icon, Link as ChakraLink, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageHeader, paths, ButtonLink } from '@quarry/shared';
import { Activity, ArrowRight, Database, Inbox, Settings, ShieldCheck, SlidersHorizontal, Users, Wallet, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

const STATUS_TILES: { label: string; value: string; palette: string; icon: LucideIcon }[] = [
  { label: 'System Status', value: 'Online', palette: 'green', icon: Activity },
  { label: 'Admin Panel', value: 'Active', palette: 'blue', icon: ShieldCheck },
  { label: 'Configuration', value: 'Basic', palette: 'purple', icon: SlidersHorizontal },
];

const TOOLS: { title: string; text: string; to: string; cta: string; icon: LucideIcon }[] = [
  { title: 'Settings', text: 'The site name shown everywhere and the administrators’ email.', to: paths.admin.settings, cta: 'Open settings', icon: Settings },
  { title: 'Resource Management', text: 'Quotas: file, page, storage and weekly job limits, reset periods and credit costs.', to: paths.admin.resources, cta: 'Manage resources', icon: Database },
];

const QUICK_ACTIONS: { title: string; items: { label: string; to: string; icon: LucideIcon }[] }[] = [
  {
    title: 'Users and credits',
    items: [
      { label: 'Review pending credit requests', to: paths.admin.creditRequests, icon: Wallet },
      { label: 'Disable a user or adjust a balance', to: paths.admin.users, icon: Users },
      { label: 'Read contact messages and feedback', to: paths.admin.messages, icon: Inbox },
    ],
  },
  {
    title: 'System',
    items: [
      { label: 'Watch the job queue and workers', to: paths.admin.operations, icon: Activity },
      { label: 'Seed the default resource types', to: paths.admin.resources, icon: Database },
      { label: 'Change the site name', to: paths.admin.settings, icon: Settings },
    ],
  },
];

/** /admin: status tiles, tool cards, quick actions. */
export default function DashboardPage() {
  return (
    <Stack gap="8">
      <PageHeader title="Admin Dashboard" description="Run this installation: users, credits, quotas and the job queue." />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" aria-label="Status">
        {STATUS_TILES.map((t) => (
          <Card.Root key={t.label} size="sm">
            <Card.Body>
              <HStack gap="3">
                <Box p="2" rounded="l2" bg={`${t.palette}.subtle`} color={`${t.palette}.fg`}>
                  <Icon size="md">
                    <t.icon />
                  </Icon>
                </Box>
                <Stack gap="0">
                  <Text textStyle="sm" color="fg.muted">
                    {t.label}
                  </Text>
                  <Badge colorPalette={t.palette} size="lg" alignSelf="flex-start">
                    {t.value}
                  </Badge>
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {TOOLS.map((tool) => (
          <Card.Root key={tool.to}>
            <Card.Header>
              <HStack gap="2">
                <Icon color="brand.fg" size="md">
                  <tool.icon />
                </Icon>
                <Heading as="h2" size="md">
                  {tool.title}
                </Heading>
              </HStack>
            </Card.Header>
            <Card.Body>
              <Text color="fg.muted" textStyle="sm">
                {tool.text}
              </Text>
            </Card.Body>
            <Card.Footer>
              <ButtonLink to={tool.to} size="sm" colorPalette="brand" variant="subtle">
                {tool.cta} <ArrowRight />
              </ButtonLink>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {QUICK_ACTIONS.map((group) => (
          <Card.Root key={group.title} variant="subtle">
            <Card.Body>
              <Heading as="h2" size="sm" mb="3">
                {group.title}
              </Heading>
              <List.Root variant="plain" gap="2">
                {group.items.map((item) => (
                  <List.Item key={item.label}>
                    <ChakraLink asChild textStyle="sm" gap="2">
                      <Link to={item.to}>
                        <Icon size="sm" color="fg.muted">
                          <item.icon />
                        </Icon>
                        {item.label}
                      </Link>
                    </ChakraLink>
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
