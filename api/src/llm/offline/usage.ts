// The usage the offline provider reports. No model runs offline, so nothing is consumed; but a
// run with zero tokens cannot be compared with its estimate, and a user trying the product
// offline should see what the same run would use with a model. So the offline result reports
// the tokens a real model call would have used: input = the messages it would be sent plus the
// JSON schema sent beside them for structured output, output = the answer it gives. Counted
// with the estimator the cost estimate uses (../tokens). It is an estimate, marked by the
// result's `offline: true`; credits do not depend on tokens (a job costs its flat credit_cost).
import { tokensForChars } from '../tokens';
import type { GenerateRequest, TokenUsage } from '../types';

export function offlineUsage(request: Pick<GenerateRequest, 'messages' | 'responseSchema'>, answer: string): TokenUsage {
  const promptChars = request.messages.reduce((n, m) => n + m.content.length, 0) + (request.responseSchema ? JSON.stringify(request.responseSchema).length : 0);
  const input_tokens = tokensForChars(promptChars);
  const output_tokens = tokensForChars(answer.length);
  return { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens };
}
