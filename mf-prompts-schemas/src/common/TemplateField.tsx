// The template with its Preview/Edit toggle and the live variable check: each
// {{ variable }} the prompt type does not provide is marked at its place in the preview and
// listed under the editor with its line and column.
import { Box, Button, Code, Field, HStack, List, Mark, Text, Textarea } from '@chakra-ui/react';
import type { PromptKind } from '@quarry/shared/schemas';
import { Eye, Pencil } from 'lucide-react';
import { PROMPT_ALLOWED_VARIABLES } from '@quarry/shared/schemas';
import { invalidUses, templatePieces } from './templateVariables';

export function TemplatePreview({ template, type }: { template: string; type: PromptKind }) {
  return (
    <Box as="pre" aria-label="Template preview" whiteSpace="pre-wrap" fontFamily="mono" fontSize="sm" p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle" minH="24">
      {template === ''
        ? 'No template yet.'
        : templatePieces(template, type).map((p, i) =>
            p.kind === 'text' ? (
              <span key={i}>{p.text}</span>
            ) : p.use.valid ? (
              <Mark key={i} bg="green.subtle" color="green.fg" borderRadius="sm">
                {p.text}
              </Mark>
            ) : (
              <Mark key={i} bg="red.subtle" color="red.fg" borderRadius="sm" title={p.use.message ?? undefined} textDecoration="underline wavy">
                {p.text}
                <Text as="span" srOnly>
                  {' '}
                  ({p.use.message})
                </Text>
              </Mark>
            ),
          )}
    </Box>
  );
}

export function VariableProblems({ template, type }: { template: string; type: PromptKind }) {
  const wrong = invalidUses(template, type);
  if (!wrong.length) return null;
  return (
    <List.Root role="list" aria-label="Invalid variables" gap="1" fontSize="sm" color="fg.error" ps="4">
      {wrong.map((u) => (
        <List.Item key={u.start}>
          <Code colorPalette="red">{`{{ ${u.name} }}`}</Code> at line {u.line}, column {u.column}: {u.message}
        </List.Item>
      ))}
    </List.Root>
  );
}

export interface TemplateFieldProps {
  value: string;
  onChange: (value: string) => void;
  type: PromptKind;
  preview: boolean;
  onPreviewChange: (preview: boolean) => void;
  disabled?: boolean;
}

export function TemplateField({ value, onChange, type, preview, onPreviewChange, disabled }: TemplateFieldProps) {
  return (
    <Field.Root required invalid={invalidUses(value, type).length > 0}>
      <HStack justify="space-between" w="full">
        <Field.Label>
          Template <Field.RequiredIndicator />
        </Field.Label>
        <Button size="xs" variant="outline" onClick={() => onPreviewChange(!preview)} aria-pressed={preview}>
          {preview ? (
            <>
              <Pencil /> Edit
            </>
          ) : (
            <>
              <Eye /> Preview
            </>
          )}
        </Button>
      </HStack>
      {preview ? (
        <TemplatePreview template={value} type={type} />
      ) : (
        <Textarea fontFamily="mono" fontSize="sm" rows={10} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
      )}
      <Field.HelperText>
        Variables for a {type} prompt: {PROMPT_ALLOWED_VARIABLES[type].map((v) => `{{ ${v} }}`).join(', ')}
      </Field.HelperText>
      <VariableProblems template={value} type={type} />
    </Field.Root>
  );
}
