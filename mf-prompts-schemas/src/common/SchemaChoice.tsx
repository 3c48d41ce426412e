// A prompt's optional output schema: none, one of
// the saved output schemas, or fields defined for this prompt alone (its schema_definition).
import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { SchemaEditor } from './SchemaEditor';
import { useSchemaList } from './queries';
import type { JsonObject } from './schemaModel';

export type SchemaChoiceValue = { mode: 'none' } | { mode: 'saved'; id: string } | { mode: 'own'; definition: JsonObject };

export function SchemaChoice({ value, onChange, editorKey }: { value: SchemaChoiceValue; onChange: (v: SchemaChoiceValue) => void; editorKey?: string }) {
  const schemas = useSchemaList({ sort: 'name', order: 'asc' });
  const selected = value.mode === 'saved' ? `saved:${value.id}` : value.mode;
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>Output schema</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={selected}
            onChange={(e) => {
              const v = e.target.value;
              if (v === 'none') onChange({ mode: 'none' });
              else if (v === 'own') onChange({ mode: 'own', definition: value.mode === 'own' ? value.definition : { type: 'object', properties: {} } });
              else onChange({ mode: 'saved', id: v.slice('saved:'.length) });
            }}
          >
            <option value="none">No output schema</option>
            <option value="own">Define fields for this prompt</option>
            {(schemas.data?.schemas ?? []).map((s) => (
              <option key={s.id} value={`saved:${s.id}`}>
                Saved schema: {s.name} ({s.field_count} fields)
              </option>
            ))}
            {value.mode === 'saved' && !schemas.data?.schemas.some((s) => s.id === value.id) ? <option value={`saved:${value.id}`}>Saved schema</option> : null}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{schemas.isError ? 'The saved schemas could not be loaded.' : 'The JSON the model must answer with; its fields fill {{ schema_descriptions }}.'}</Field.HelperText>
      </Field.Root>
      {value.mode === 'own' ? <SchemaEditor key={editorKey} initial={value.definition} onChange={(definition) => onChange({ mode: 'own', definition })} /> : null}
    </Stack>
  );
}

/** The body fields a choice becomes on create / update. */
export function schemaChoiceBody(v: SchemaChoiceValue): { output_schema_id: string | null; schema_definition: JsonObject | null } {
  if (v.mode === 'saved') return { output_schema_id: v.id, schema_definition: null };
  if (v.mode === 'own') return { output_schema_id: null, schema_definition: v.definition };
  return { output_schema_id: null, schema_definition: null };
}
