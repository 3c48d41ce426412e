import { Badge, Button, Card, DataList, Flex, HStack, Heading, IconButton, Menu, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, toast, DataListItem } from '@quarry/shared';
import type { ResourceType } from '@quarry/shared/schemas';
import { ChevronDown, Database, Pencil, RefreshCw, Sprout, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { serverDetailOr } from '../common/errors';
import { EditResourceTypeDialog } from './EditResourceTypeDialog';
import { InfoPanel } from './InfoPanel';
import { useDeleteResourceType, useResourceTypes, useSeedResources } from './queries';

/** /admin/resources [Resource Management]. */
export default function ResourcesPage() {
  const list = useResourceTypes();
  const seed = useSeedResources();
  const remove = useDeleteResourceType();
  const [editing, setEditing] = useState<ResourceType | null>(null);
  const [deleting, setDeleting] = useState<ResourceType | null>(null);

  useEffect(() => {
    if (list.isError) toast.error('Error', 'Failed to load resource types');
  }, [list.isError, list.errorUpdatedAt]);

  const runSeed = (overwrite: boolean) =>
    seed.mutate(overwrite, {
      onSuccess: (r) => toast.success('Resources Seeded', r.message),
      onError: (err) => toast.error('Failed to seed resources', serverDetailOr(err, 'Failed to seed resources')),
    });

  // one row that fits a phone: Refresh as an icon, the everyday Seed Defaults, and the rarer
  // overwrite behind a menu (it replaces an administrator's edits)
  const actions = (
    <HStack gap="2" flexWrap="nowrap">
      <IconButton variant="outline" size="sm" aria-label="Refresh" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
        <RefreshCw />
      </IconButton>
      <Button variant="outline" size="sm" onClick={() => runSeed(false)} disabled={seed.isPending} loading={seed.isPending && seed.variables === false}>
        <Sprout /> Seed Defaults
      </Button>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => value === 'overwrite' && runSeed(true)}>
        <Menu.Trigger asChild>
          <Button variant="outline" size="sm" disabled={seed.isPending} loading={seed.isPending && seed.variables === true}>
            More <ChevronDown />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="overwrite" color="fg.warning">
                <Sprout /> Overwrite Existing
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );

  let body;
  if (list.isPending) body = <LoadingState text="Loading resource types..." />;
  else if (list.isError)
    body = <ErrorState title="Failed to load resource types" message={serverDetailOr(list.error, 'Failed to load resource types')} onRetry={() => void list.refetch()} />;
  else if (list.data.resource_types.length === 0)
    body = (
      <EmptyState
        icon={<Database />}
        title="No resource types"
        description="Seed the defaults to create files, pages, storage and weekly job limits."
        action={
          <Button colorPalette="brand" size="sm" onClick={() => runSeed(false)} loading={seed.isPending}>
            Seed Defaults
          </Button>
        }
      />
    );
  else
    body = (
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" as="ul" listStyleType="none" aria-label="Resource types">
        {list.data.resource_types.map((t) => (
          <Card.Root as="li" key={t.id} size="sm" data-testid="resource-type" aria-label={t.name}>
            <Card.Header>
              <Flex justify="space-between" align="flex-start" gap="3">
                <Stack gap="1" minW="0">
                  <Heading as="h3" size="md" fontFamily="mono" truncate>
                    {t.name}
                  </Heading>
                  <Text textStyle="sm" color="fg.muted">
                    {t.description || 'No description'}
                  </Text>
                </Stack>
                <HStack gap="1" flexShrink={0}>
                  <IconButton size="sm" variant="ghost" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Flex>
            </Card.Header>
            <Card.Body>
              <HStack gap="2" mb="3" wrap="wrap">
                <Badge colorPalette="blue">{t.reset_period}</Badge>
                <Badge colorPalette="purple">{t.aggregation_type}</Badge>
                {t.credit_cost > 0 ? <Badge colorPalette="orange">{t.credit_cost === 1 ? "1 credit" : `${t.credit_cost} credits`} per use</Badge> : null}
              </HStack>
              <DataList.Root orientation="horizontal" size="sm">
                <DataListItem label="Default limit">
                  {t.default_limit.toLocaleString('en-US')}
                  {t.unit ? ` ${t.unit}` : ''}
                </DataListItem>
                <DataListItem label="Alert threshold">{t.default_alert_threshold}%</DataListItem>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="6">
      <PageHeader title="Resource Management" description="Quotas every user gets: limits, reset periods and credit costs." actions={actions} />
      {body}
      <InfoPanel />
      <EditResourceTypeDialog resourceType={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete resource type"
        message={deleting ? `Are you sure you want to delete "${deleting.name}"? This action cannot be undone.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          deleting
            ? remove
                .mutateAsync(deleting.id)
                .then(() => toast.success('Resource Deleted', `${deleting.name} was deleted`))
                .catch((err: unknown) => toast.error('Delete Failed', serverDetailOr(err, 'Failed to delete resource type')))
            : undefined
        }
      />
    </Stack>
  );
}
