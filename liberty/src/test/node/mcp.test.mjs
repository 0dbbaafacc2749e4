// The official MCP TypeScript SDK against the tool server's HTTP+SSE transport.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';

const authorized = (url, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${process.env.TOOLS_TOKEN}`);
  return fetch(url, { ...init, headers });
};

test('lists the tools and calls three of them over /mcp/sse', async () => {
  const transport = new SSEClientTransport(new URL(`${process.env.TOOLS_URL}/mcp/sse`), { fetch: authorized });
  const client = new Client({ name: 'moe-it', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ['calculate', 'hash_text', 'roman_numeral', 'subnet_calc']) {
      assert.ok(names.includes(name), `${name} is listed: ${names}`);
    }
    assert.equal(tools.find((t) => t.name === 'hash_text').inputSchema.type, 'object');

    const sum = await client.callTool({ name: 'calculate', arguments: { expression: '1/3 + 1/6' } });
    assert.equal(sum.isError, false);
    assert.equal(JSON.parse(sum.content[0].text).exact, '1/2');

    const hash = await client.callTool({ name: 'hash_text', arguments: { text: 'abc', alg: 'SHA256' } });
    assert.equal(JSON.parse(hash.content[0].text).hex, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');

    const roman = await client.callTool({ name: 'roman_numeral', arguments: { input: '1994', dir: 'to_roman' } });
    assert.equal(JSON.parse(roman.content[0].text).result, 'MCMXCIV');

    const bad = await client.callTool({ name: 'roman_numeral', arguments: { input: '4000', dir: 'to_roman' } });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /invalid_argument/);
  } finally {
    await client.close();
  }
});
