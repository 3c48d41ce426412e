// The field builder: one row per field with name, type,
// description, required, string format, array items and nested fields. Nesting is offered only
// on object and array fields. Fields the builder cannot show are listed with their JSON, kept.
import { Badge, Box, Button, chakra, Checkbox, Code, Flex, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { SelectInput } from '@quarry/shared';
import { SCHEMA_FIELD_TYPES, SCHEMA_STRING_FORMATS, type SchemaFieldType } from '@quarry/shared/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { canNest, childrenOf, newField, withChildren, withNestedField, withType, type FieldNode, type StringFormat } from './schemaModel';

interface RowProps {
  field: FieldNode;
  /** "1", "2.1": how the row is named to assistive technology and tests */
  label: string;
  depth: number;
  onChange: (next: FieldNode) => void;
  onRemove: () => void;
}

function FieldRow({ field, label, depth, onChange, onRemove }: RowProps) {
  const children = childrenOf(field);
  const setChildren = (list: FieldNode[]) => onChange(withChildren(field, list));
  return (
    <Stack gap="2" role="group" aria-label={`Field ${label}`} borderLeftWidth={depth ? '2px' : 0} borderColor="border.emphasized" pl={depth ? '3' : 0}>
      <Flex gap="2" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
         <Input size="sm" flex={{ base: '1 1 100%', md: '1 1 140px' }} minW="0" placeholder="field_name" aria-label={`Field ${label} name`} value={field.name} onChange={(e) => onChange({ ...field, name: e.target.value })} />
        {field.raw ? (
          <Badge colorPalette="purple" alignSelf="center">kept as JSON</Badge>
        ) : (
          <SelectInput
            size="sm"
            flex={{ base: '1 1 96px', md: 'none' }}
            width={{ base: 'auto', md: '120px' }}
            label={`Field ${label} type`}
            value={field.type}
            onChange={(type) => onChange(withType(field, type))}
            options={SCHEMA_FIELD_TYPES.map((t) => ({ value: t, label: t }))}
          />
        )}
        {!field.raw && field.type === 'string' ? (
          <SelectInput<StringFormat | ''>
            size="sm"
            flex={{ base: '1 1 96px', md: 'none' }}
            width={{ base: 'auto', md: '110px' }}
            label={`Field ${label} format`}
            value={field.format}
            onChange={(format) => onChange({ ...field, format })}
            placeholder="no format"
            options={SCHEMA_STRING_FORMATS.map((f) => ({ value: f, label: f }))}
          />
        ) : null}
        {!field.raw && field.type === 'array' ? (
          <NativeSelect.Root size="sm" flex={{ base: '1 1 96px', md: 'none' }} width={{ base: 'auto', md: '130px' }} disabled={Boolean(field.items?.raw)}>
            <NativeSelect.Field
              aria-label={`Field ${label} items`}
              value={field.items?.raw ? 'json' : (field.items?.type ?? 'string')}
              onChange={(e) => onChange({ ...field, items: withType(field.items ?? newField(), e.target.value as SchemaFieldType) })}
            >
              {field.items?.raw ? <option value="json">items: kept JSON</option> : null}
              {SCHEMA_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  items: {t}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        <Checkbox.Root size="sm" flexShrink={0} checked={field.required} onCheckedChange={(d) => onChange({ ...field, required: d.checked === true })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <chakra.span srOnly>Field {label} </chakra.span>Required
          </Checkbox.Label>
        </Checkbox.Root>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remove field ${label}`} onClick={onRemove}>
          <Trash2 />
        </IconButton>
      </Flex>
      {field.raw ? (
        <Code display="block" whiteSpace="pre-wrap" p="2" fontSize="xs">
          {JSON.stringify(field.raw)}
        </Code>
      ) : (
        <Input size="sm" placeholder="Description (what the model should put here)" aria-label={`Field ${label} description`} value={field.description} onChange={(e) => onChange({ ...field, description: e.target.value })} />
      )}
      {children.length ? (
        <Stack gap="3" pl={{ base: '1', md: '3' }}>
          {field.type === 'array' ? (
            <Text fontSize="xs" color="fg.muted">
              Each item of {field.name || 'this list'} has:
            </Text>
          ) : null}
          {children.map((c, i) => (
            <FieldRow
              key={c.key}
              field={c}
              label={`${label}.${i + 1}`}
              depth={depth + 1}
              onChange={(next) => setChildren(children.map((x) => (x.key === c.key ? next : x)))}
              onRemove={() => setChildren(children.filter((x) => x.key !== c.key))}
            />
          ))}
        </Stack>
      ) : null}
      {canNest(field) ? (
        <Box>
          <Button size="xs" variant="outline" onClick={() => onChange(withNestedField(field))}>
            <Plus /> Add nested field to {field.name || `field ${label}`}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

export interface SchemaBuilderProps {
  fields: FieldNode[];
  onChange: (fields: FieldNode[]) => void;
}

export function SchemaBuilder({ fields, onChange }: SchemaBuilderProps) {
  return (
    <Stack gap="4">
      {fields.length === 0 ? <Text color="fg.muted">No fields yet. Add one, paste a JSON Schema, or infer one from a sample.</Text> : null}
      {fields.map((f, i) => (
        <FieldRow
          key={f.key}
          field={f}
          label={String(i + 1)}
          depth={0}
          onChange={(next) => onChange(fields.map((x) => (x.key === f.key ? next : x)))}
          onRemove={() => onChange(fields.filter((x) => x.key !== f.key))}
        />
      ))}
      <HStack>
        <Button size="sm" variant="outline" onClick={() => onChange([...fields, newField()])}>
          <Plus /> Add field
        </Button>
      </HStack>
    </Stack>
  );
}
