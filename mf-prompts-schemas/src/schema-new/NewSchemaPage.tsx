// /output-schemas/new: name, description, fields, templates and a preview; returns
// to /output-schemas on success. A failed save keeps what was typed.
import { Box, Button } from '@chakra-ui/react';
import { PageHeader, handleError, paths, toast, ButtonLink } from '@quarry/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../common/pageParts';
import { SchemaForm, type SchemaDraft } from '../common/SchemaForm';
import { useCreateSchema } from './queries';

export default function NewSchemaPage() {
  const navigate = useNavigate();
  const create = useCreateSchema();
  const [draft, setDraft] = useState<SchemaDraft>({ name: '', description: '', schema: { type: 'object', properties: {} } });
  const save = async () => {
    try {
      const created = await create.mutateAsync({ name: draft.name.trim(), description: draft.description.trim() || null, schema_definition: draft.schema });
      toast.success({ title: 'Schema created', description: created.name });
      void navigate(paths.outputSchemas.index);
    } catch (e) {
      handleError(e, { title: 'Failed to create schema' });
    }
  };
  return (
    <Box>
      <BackLink to={paths.outputSchemas.index} label="Back to output schemas" />
      <PageHeader title="New Schema" description="Describe the fields the model must return; the builder and the JSON Schema stay in sync." />
      <SchemaForm
        draft={draft}
        onChange={setDraft}
        withTemplates
        actions={
          <>
            <Button colorPalette="brand" onClick={() => void save()} loading={create.isPending} disabled={draft.name.trim() === ''}>
              Create schema
            </Button>
            <ButtonLink to={paths.outputSchemas.index} variant="ghost">Cancel</ButtonLink>
          </>
        }
      />
    </Box>
  );
}
