import { api } from '@quarry/shared';
import { ExampleSchema, PromptSchema, type PromptCreate } from '@quarry/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promptKeys, schemaKeys } from '../common/keys';
import { useUserId } from '../common/queries';

export interface NewExample {
  input_text: string;
  output_text: string;
}

/** Creates the prompt, then its examples; answers the prompt (and the examples that failed, if any). */
export function useCreatePrompt() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ prompt, examples }: { prompt: PromptCreate; examples: NewExample[] }) => {
      const created = await api.post('prompts/', prompt, { schema: PromptSchema });
      const failed: string[] = [];
      for (const [i, e] of examples.entries()) {
        try {
          await api.post('examples/', { prompt_id: created.id, input_text: e.input_text, output_text: e.output_text }, { schema: ExampleSchema });
        } catch {
          failed.push(`Example ${i + 1}`);
        }
      }
      return { created, failed };
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: promptKeys.all(userId) });
      void client.invalidateQueries({ queryKey: schemaKeys.all(userId) });
    },
  });
}
