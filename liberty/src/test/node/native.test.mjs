// Native pass-through with the official OpenAI SDK: the request goes straight to the inference server
// named in the model id (NATIVE_MODEL, e.g. gpu2-coder:14b@gpu2-xyz), in the OpenAI wire format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: `${process.env.ORCHESTRATOR_URL}/v1`, apiKey: process.env.API_KEY });
const model = process.env.NATIVE_MODEL;

test('plain completion passes through', async () => {
  const completion = await client.chat.completions.create({
    model,
    temperature: 0.2,
    messages: [{ role: 'user', content: 'Say something native, please.' }],
  });
  assert.equal(completion.object, 'chat.completion');
  assert.equal(completion.choices[0].finish_reason, 'stop');
  assert.ok(completion.choices[0].message.content.length > 0);
  assert.ok(completion.usage.total_tokens > 0, 'the server reported usage');
});

test('streamed completion passes through, usage only when asked for', async () => {
  const chunks = [];
  for await (const chunk of await client.chat.completions.create({
    model, stream: true, messages: [{ role: 'user', content: 'Stream something native.' }],
  })) chunks.push(chunk);
  assert.equal(chunks[0].choices[0].delta.role, 'assistant');
  assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === 'stop'));
  assert.ok(chunks.every((c) => !c.usage), 'no usage chunk that was not asked for');

  const withUsage = [];
  for await (const chunk of await client.chat.completions.create({
    model, stream: true, stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'Stream something native with usage.' }],
  })) withUsage.push(chunk);
  const last = withUsage[withUsage.length - 1];
  assert.ok(last.usage && last.usage.total_tokens > 0, 'the usage chunk comes last when asked for');
});

test('a tool call round trip', async () => {
  const tools = [{
    type: 'function',
    function: { name: 'lookup_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
  }];
  const messages = [{ role: 'user', content: 'What is the weather in Berlin?' }];
  const first = await client.chat.completions.create({ model, tools, messages });
  assert.equal(first.choices[0].finish_reason, 'tool_calls');
  const call = first.choices[0].message.tool_calls[0];
  assert.equal(call.function.name, 'lookup_weather');
  assert.equal(JSON.parse(call.function.arguments).query, 'What is the weather in Berlin?');

  messages.push(first.choices[0].message);
  messages.push({ role: 'tool', tool_call_id: call.id, content: 'sunny, 21 degrees' });
  const second = await client.chat.completions.create({ model, tools, messages });
  assert.equal(second.choices[0].finish_reason, 'stop');
  assert.match(second.choices[0].message.content, /sunny, 21 degrees/);
});
