// The official OpenAI SDK against the orchestrator: one plain and one streamed completion, and the models list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: `${process.env.ORCHESTRATOR_URL}/v1`, apiKey: process.env.API_KEY });

test('non-streaming completion', async () => {
  const completion = await client.chat.completions.create({
    model: 'moe-orchestrator',
    messages: [{ role: 'user', content: 'What does the OpenAI SDK test check?' }],
  });
  assert.match(completion.id, /^chatcmpl-/);
  assert.equal(completion.object, 'chat.completion');
  assert.equal(completion.model, 'moe-orchestrator');
  assert.equal(completion.choices[0].message.role, 'assistant');
  assert.ok(completion.choices[0].message.content.length > 0);
  assert.equal(completion.choices[0].finish_reason, 'stop');
  assert.equal(completion.choices[0].logprobs, null, 'present and null, as the schema requires');
  assert.equal(completion.choices[0].message.refusal, null);
  assert.equal(completion.usage.total_tokens, completion.usage.prompt_tokens + completion.usage.completion_tokens);
});

test('models: the list, one model of it, and 404 for an unknown one', async () => {
  const ids = [];
  for await (const model of client.models.list()) ids.push(model.id);
  assert.ok(ids.includes('moe-orchestrator'), ids.join(', '));
  const one = await client.models.retrieve('moe-orchestrator');
  assert.equal(one.id, 'moe-orchestrator');
  assert.equal(one.object, 'model');
  await assert.rejects(client.models.retrieve('no-such-model'), (e) => e.status === 404 && e.code === 'model_not_found');
});

test('streaming completion follows the chunk sequence', async () => {
  const stream = await client.chat.completions.create({
    model: 'moe-orchestrator-concise',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'Stream a short answer, please.' }],
  });
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);

  assert.equal(chunks[0].choices[0].delta.role, 'assistant');
  assert.equal(chunks[0].choices[0].finish_reason, null);
  const stopAt = chunks.findIndex((c) => c.choices[0]?.finish_reason === 'stop');
  assert.ok(stopAt > 1, 'content chunks come between the role chunk and the stop chunk');
  const content = chunks.slice(1, stopAt).map((c) => c.choices[0].delta.content).join('');
  assert.ok(content.length > 0);
  const usage = chunks[chunks.length - 1].usage;
  assert.ok(usage && usage.total_tokens === usage.prompt_tokens + usage.completion_tokens);
  assert.ok(new Set(chunks.map((c) => c.id)).size === 1, 'one id for the whole stream');
});
