// The messages API with the official npm @anthropic-ai/sdk: plain and streamed messages, a tool-use round
// trip, a thinking block, an image, count_tokens, the models list, each error type and the ?beta=true path.
// Keys and models come from MessagesIT: NATIVE_KEY (native profile), REASONING_KEY (moe_reasoning profile),
// NOPROFILE_KEY (no profile), BROKE_KEY (budget used up), MODEL (accepted), OVERLOAD_MARKER / FAILURE_MARKER
// (the simulator answers 503 / 500 to a request containing them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';

const baseURL = process.env.ORCHESTRATOR_URL;
const model = process.env.MODEL;
const client = (apiKey) => new Anthropic({ baseURL, apiKey, maxRetries: 0 });
const native = client(process.env.NATIVE_KEY);
const reasoning = client(process.env.REASONING_KEY);
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const tools = [{
  name: 'lookup', description: 'Looks a term up',
  input_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
}];

test('plain message', async () => {
  const msg = await native.messages.create({
    model, max_tokens: 256, system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
    temperature: 0.2, top_p: 0.9, top_k: 40, stop_sequences: ['\n\nHuman:'], metadata: { user_id: 'it' },
    messages: [{ role: 'user', content: 'Say hello natively.' }],
  });
  assert.match(msg.id, /^msg_/);
  assert.equal(msg.type, 'message');
  assert.equal(msg.role, 'assistant');
  assert.equal(msg.model, model);
  assert.equal(msg.stop_reason, 'end_turn');
  assert.equal(msg.stop_sequence, null);
  assert.equal(msg.content[0].type, 'text');
  assert.ok(msg.content[0].text.length > 0);
  assert.ok(msg.usage.input_tokens > 0 && msg.usage.output_tokens > 0);
});

test('streamed message follows the event grammar event by event', async () => {
  const events = [];
  for await (const event of await native.messages.create({
    model, max_tokens: 256, stream: true, messages: [{ role: 'user', content: 'Stream hello natively.' }],
  })) events.push(event);
  const types = events.map((e) => e.type);
  assert.equal(types[0], 'message_start');
  assert.match(events[0].message.id, /^msg_/);
  assert.ok(events[0].message.usage.input_tokens >= 0);
  const rest = types.slice(1).filter((t) => t !== 'ping');
  assert.equal(rest[0], 'content_block_start');
  assert.equal(events.find((e) => e.type === 'content_block_start').content_block.type, 'text');
  let i = 1;
  while (rest[i] === 'content_block_delta') i++;
  assert.ok(i > 1, 'at least one delta');
  assert.deepEqual(rest.slice(i), ['content_block_stop', 'message_delta', 'message_stop']);
  const delta = events.find((e) => e.type === 'message_delta');
  assert.equal(delta.delta.stop_reason, 'end_turn');
  assert.ok(delta.usage.output_tokens > 0);
  assert.ok(events.filter((e) => e.type === 'content_block_delta').every((e) => e.delta.type === 'text_delta'));
});

test('the SDK stream helper assembles the final message', async () => {
  const stream = native.messages.stream({ model, max_tokens: 128, messages: [{ role: 'user', content: 'Helper stream.' }] });
  const msg = await stream.finalMessage();
  assert.equal(msg.content[0].type, 'text');
  assert.ok(msg.content[0].text.length > 0);
});

test('tool-use round trip: the model asks, the client answers, the model uses the result', async () => {
  const question = { role: 'user', content: 'Look up the answer to everything.' };
  const first = await native.messages.create({ model, max_tokens: 256, tools, tool_choice: { type: 'auto' }, messages: [question] });
  assert.equal(first.stop_reason, 'tool_use');
  const use = first.content.find((b) => b.type === 'tool_use');
  assert.ok(use, JSON.stringify(first.content));
  assert.equal(use.name, 'lookup');
  assert.ok(use.id.length > 0);
  assert.equal(typeof use.input, 'object');
  const second = await native.messages.create({
    model, max_tokens: 256, tools,
    messages: [question, { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'forty-two' }] }],
  });
  assert.equal(second.stop_reason, 'end_turn');
  assert.match(second.content[0].text, /forty-two/);
});

test('streamed tool use arrives as a tool_use block with input_json_delta', async () => {
  const events = [];
  for await (const event of await native.messages.create({
    model, max_tokens: 256, tools, stream: true, messages: [{ role: 'user', content: 'Stream a lookup.' }],
  })) events.push(event);
  const start = events.find((e) => e.type === 'content_block_start');
  assert.equal(start.content_block.type, 'tool_use');
  assert.equal(start.content_block.name, 'lookup');
  const json = events.filter((e) => e.type === 'content_block_delta').map((e) => {
    assert.equal(e.delta.type, 'input_json_delta');
    return e.delta.partial_json;
  }).join('');
  assert.equal(typeof JSON.parse(json).query, 'string');
  assert.equal(events.find((e) => e.type === 'message_delta').delta.stop_reason, 'tool_use');
});

test('an image is accepted', async () => {
  const msg = await native.messages.create({
    model, max_tokens: 128, messages: [{ role: 'user', content: [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      { type: 'text', text: 'Describe this image-marker picture.' }] }],
  });
  assert.equal(msg.content[0].type, 'text');
});

test('what Claude Code sends: its model\'s max_tokens, adaptive thinking, a screenshot in a tool result', async () => {
  const question = { role: 'user', content: 'Look at the screen.' };
  const use = { type: 'tool_use', id: 'toolu_screen', name: 'lookup', input: { query: 'screen' } };
  const msg = await native.messages.stream({ // streamed, as Claude Code asks (the SDK refuses so large a max_tokens otherwise)
    model, max_tokens: 128000, thinking: { type: 'adaptive' }, tools,
    messages: [question, { role: 'assistant', content: [use] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_screen', content: [
        { type: 'text', text: 'screenshot-marker' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
      { type: 'document', title: 'Notes', source: { type: 'text', media_type: 'text/plain', data: 'plain notes' } }] }],
  }).finalMessage();
  assert.equal(msg.type, 'message');
  assert.ok(msg.content.length > 0);
});

test('a moe_reasoning profile answers with a thinking block before the text', async () => {
  const msg = await reasoning.messages.create({
    model, max_tokens: 1024, messages: [{ role: 'user', content: 'Why is the sky blue? Think it through.' }],
  });
  assert.deepEqual(msg.content.map((b) => b.type), ['thinking', 'text']);
  assert.ok(msg.content[0].thinking.length > 0);
  assert.ok(msg.content[0].signature.length > 0);
});

test('streamed reasoning: a thinking block with signature_delta, then the text block', async () => {
  const events = [];
  for await (const event of await reasoning.messages.create({
    model, max_tokens: 2048, stream: true, thinking: { type: 'enabled', budget_tokens: 1024 },
    messages: [{ role: 'user', content: 'Why is grass green? Think it through.' }],
  })) events.push(event);
  const types = events.map((e) => e.type);
  assert.equal(types[0], 'message_start'); // the SDK drops ping events; MessagesIT sees them on the wire
  const blocks = events.filter((e) => e.type === 'content_block_start').map((e) => e.content_block.type);
  assert.deepEqual(blocks, ['thinking', 'text']);
  const thinking = events.filter((e) => e.type === 'content_block_delta' && e.index === 0).map((e) => e.delta.type);
  assert.ok(thinking.includes('thinking_delta'));
  assert.equal(thinking.at(-1), 'signature_delta');
  assert.deepEqual(types.filter((t) => t !== 'ping').slice(-3), ['content_block_stop', 'message_delta', 'message_stop']);
});

test('count_tokens', async () => {
  const counted = await native.messages.countTokens({ model, messages: [{ role: 'user', content: 'Count me, please.' }], tools,
    thinking: { type: 'enabled', budget_tokens: 2048 } }); // as Claude Code counts: its thinking setting, no max_tokens
  assert.ok(counted.input_tokens > 0);
});

test('models list in the messages shape', async () => {
  const ids = [];
  for await (const m of native.models.list()) ids.push(m.id);
  assert.ok(ids.includes(model), ids.join(','));
});

test('the beta path (?beta=true) answers the same', async () => {
  const msg = await native.beta.messages.create({ model, max_tokens: 128, messages: [{ role: 'user', content: 'Beta hello.' }] });
  assert.equal(msg.type, 'message');
  assert.equal(msg.content[0].type, 'text');
});

async function refusal(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail('expected an error');
}

const ask = (c, content, extra = {}) => c.messages.create({ model, max_tokens: 64, messages: [{ role: 'user', content }], ...extra });

test('error types', async () => {
  const cases = [
    [await refusal(ask(native, 'x', { max_tokens: 0 })), 400, 'invalid_request_error', Anthropic.BadRequestError],
    [await refusal(ask(client('moe-sk-' + '0'.repeat(48)), 'x')), 401, 'authentication_error', Anthropic.AuthenticationError],
    [await refusal(ask(client(process.env.NOPROFILE_KEY), 'x')), 403, 'permission_error', Anthropic.PermissionDeniedError],
    [await refusal(native.messages.create({ model: 'no-such-model', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })),
      404, 'not_found_error', Anthropic.NotFoundError],
    [await refusal(ask(client(process.env.BROKE_KEY), 'x')), 429, 'rate_limit_error', Anthropic.RateLimitError],
    [await refusal(ask(native, process.env.OVERLOAD_MARKER)), 503, 'overloaded_error', Anthropic.InternalServerError],
    [await refusal(ask(native, process.env.FAILURE_MARKER)), 502, 'api_error', Anthropic.InternalServerError],
  ];
  for (const [error, status, type, cls] of cases) {
    assert.ok(error instanceof cls, `${type}: ${error}`);
    assert.equal(error.status, status, `${type}: ${error.message}`);
    assert.equal(error.error.type, 'error');
    assert.equal(error.error.error.type, type, JSON.stringify(error.error));
    assert.ok(error.error.error.message.length > 0);
  }
});
