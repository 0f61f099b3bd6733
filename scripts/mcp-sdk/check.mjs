// check.mjs: drives Dalil's MCP tools with the official TypeScript SDK's
// client (@modelcontextprotocol/sdk, pinned in package.json), the client
// most MCP hosts are built on. Run by cmd/dalil's TestMCPTypeScriptSDK
// (scripts/mcp-sdk/run) once per transport:
//
//   node check.mjs '<json config>'
//
// config: {name, transport: "stdio"|"http", command, args, env (stdio;
// the key goes in env.DALIL_API_KEY), url (http; the key goes in
// X-API-Key), keys: {paid, broke}, examples: {tool: arguments}}.
//
// The SDK's Client.callTool checks structuredContent against the tool's
// outputSchema (cached by listTools), on errors too, and throws McpError
// -32602 on a mismatch. So every check below goes through callTool: a
// good call proves the structured result valid against the published
// schema, and an error is only readable if it carries no structuredContent.
// Prints one "ok" line per check; exits 1 on the first failure.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const cfg = JSON.parse(process.argv[2] ?? '{}');
const label = cfg.name ?? cfg.transport;
let stderrText = '';

function fail(msg) {
  console.error(`FAIL [${label}] ${msg}`);
  if (stderrText) console.error(`dalil mcp stderr:\n${stderrText}`);
  process.exit(1);
}

function ok(msg) {
  console.log(`ok   [${label}] ${msg}`);
}

async function connect(key) {
  const client = new Client({ name: 'dalil-mcp-sdk-check', version: '1.0.0' });
  let transport;
  if (cfg.transport === 'stdio') {
    transport = new StdioClientTransport({
      command: cfg.command,
      args: cfg.args ?? ['mcp'],
      env: { ...cfg.env, ...(key ? { DALIL_API_KEY: key } : {}) },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (b) => { stderrText += b.toString(); });
  } else if (cfg.transport === 'http') {
    transport = new StreamableHTTPClientTransport(new URL(cfg.url), {
      requestInit: { headers: key ? { 'X-API-Key': key } : {} },
    });
  } else {
    fail(`unknown transport ${cfg.transport}`);
  }
  await client.connect(transport);
  return client;
}

// call is client.callTool; an exception (McpError from the SDK's own
// checks, or a JSON-RPC error) fails the run, naming the call.
async function call(client, what, params) {
  try {
    return await client.callTool(params);
  } catch (err) {
    fail(`${what}: callTool threw ${err?.name} ${err?.code ?? ''}: ${err?.message}`);
  }
}

// toolError reads a tool error the way an agent does: isError, no
// structuredContent, and the error object as the JSON of its text.
function toolError(what, res) {
  if (res.isError !== true) fail(`${what}: isError is ${res.isError}, want true: ${JSON.stringify(res).slice(0, 400)}`);
  if (res.structuredContent !== undefined) fail(`${what}: a tool error carries structuredContent ${JSON.stringify(res.structuredContent)}`);
  const text = res.content?.find((c) => c.type === 'text')?.text;
  if (typeof text !== 'string') fail(`${what}: no text content: ${JSON.stringify(res.content)}`);
  let obj;
  try {
    obj = JSON.parse(text);
  } catch {
    fail(`${what}: text is not JSON: ${text}`);
  }
  if (typeof obj.code !== 'string' || typeof obj.message !== 'string' || !obj.message) {
    fail(`${what}: text is not an error object: ${text}`);
  }
  return obj;
}

function success(what, res) {
  if (res.isError) fail(`${what}: tool error ${JSON.stringify(res.content)}`);
  if (!res.structuredContent || typeof res.structuredContent !== 'object') fail(`${what}: no structuredContent`);
  const text = res.content?.find((c) => c.type === 'text')?.text;
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(res.structuredContent)) {
    fail(`${what}: text is not the structured result`);
  }
  return res.structuredContent;
}

const paid = await connect(cfg.keys?.paid);

// 1. List tools: every tool has both schemas (listTools also makes the
// client cache each outputSchema validator, which callTool then applies).
const { tools } = await paid.listTools();
const names = tools.map((t) => t.name).sort();
for (const want of ['analyze_property', 'preview_capability', ...Object.keys(cfg.examples ?? {})]) {
  if (!names.includes(want)) fail(`tools/list lacks ${want}: ${names.join(', ')}`);
}
for (const t of tools) {
  if (t.inputSchema?.type !== 'object' || t.outputSchema?.type !== 'object') fail(`${t.name}: inputSchema/outputSchema missing`);
}
ok(`tools/list: ${names.join(', ')}`);

// 2. Good calls: the SDK validates each structured result against the
// tool's outputSchema; a mismatch would have thrown.
const good = await call(paid, 'analyze_property', {
  name: 'analyze_property',
  arguments: { propertyValue: 85000, annualRent: 7200, serviceCharge: 650, maintenanceCost: 400 },
});
const data = success('analyze_property', good);
if (data.grossYield !== 8.47 || data.netYield !== 7.24 || data.currency !== 'OMR') {
  fail(`analyze_property: unexpected result ${JSON.stringify(data)}`);
}
if (good._meta?.['dalil/meta']?.price !== 0.01) fail(`analyze_property: _meta ${JSON.stringify(good._meta)}`);
ok('analyze_property: structured result valid against outputSchema (grossYield 8.47, netYield 7.24)');
for (const [name, args] of Object.entries(cfg.examples ?? {})) {
  success(name, await call(paid, name, { name, arguments: args }));
  ok(`${name} (declared example): structured result valid against outputSchema`);
}

// 3. An invalid call: a readable INVALID_INPUT listing every problem with
// its path.
const bad = toolError('invalid analyze_property', await call(paid, 'invalid analyze_property', {
  name: 'analyze_property',
  arguments: { propertyValue: -5, colour: 'red' },
}));
const paths = (bad.details ?? []).map((d) => d.path).sort();
if (bad.code !== 'INVALID_INPUT' || JSON.stringify(paths) !== JSON.stringify(['annualRent', 'colour', 'propertyValue'])) {
  fail(`invalid analyze_property: ${JSON.stringify(bad)}`);
}
if (!bad.requestId) fail(`invalid analyze_property: no requestId in ${JSON.stringify(bad)}`);
ok(`invalid call: INVALID_INPUT with paths ${paths.join(', ')}`);

// 4. A spending ceiling below the price: readable PRICE_ABOVE_MAXIMUM.
const ceiling = toolError('maxPrice', await call(paid, 'maxPrice', {
  name: 'analyze_property',
  arguments: { propertyValue: 85000, annualRent: 7200 },
  _meta: { maxPrice: 0.005 },
}));
if (ceiling.code !== 'PRICE_ABOVE_MAXIMUM' || ceiling.details?.price !== 0.01 || ceiling.details?.maxPrice !== 0.005) {
  fail(`maxPrice: ${JSON.stringify(ceiling)}`);
}
ok('_meta.maxPrice 0.005: PRICE_ABOVE_MAXIMUM (price 0.01)');

// 5. preview_capability: a good preview (structured, validated) and a bad
// one (readable INVALID_INPUT).
const previewable = tools.find((t) => t.name === 'preview_capability').inputSchema.properties.capability.enum;
for (const id of previewable) {
  const args = cfg.examples?.[id];
  if (!args) continue;
  const p = success(`preview_capability ${id}`, await call(paid, `preview_capability ${id}`, {
    name: 'preview_capability',
    arguments: { capability: id, input: args },
  }));
  if (p.capability !== id || !['available', 'limited'].includes(p.status)) fail(`preview_capability ${id}: ${JSON.stringify(p)}`);
  ok(`preview_capability ${id}: status ${p.status}, structured result valid against outputSchema`);
}
const pbad = toolError('invalid preview_capability', await call(paid, 'invalid preview_capability', {
  name: 'preview_capability',
  arguments: { capability: 'Not A Tool' },
}));
if (pbad.code !== 'INVALID_INPUT' || pbad.details?.[0]?.path !== 'capability') fail(`invalid preview_capability: ${JSON.stringify(pbad)}`);
ok('invalid preview_capability: INVALID_INPUT at path capability');
await paid.close();

// 6. An unpaid call: readable INSUFFICIENT_CREDITS.
const broke = await connect(cfg.keys?.broke);
await broke.listTools();
const unpaid = toolError('unpaid analyze_property', await call(broke, 'unpaid analyze_property', {
  name: 'analyze_property',
  arguments: { propertyValue: 85000, annualRent: 7200 },
}));
if (unpaid.code !== 'INSUFFICIENT_CREDITS' || !unpaid.requestId) fail(`unpaid analyze_property: ${JSON.stringify(unpaid)}`);
ok(`unpaid call: INSUFFICIENT_CREDITS: ${unpaid.message}`);
await broke.close();
console.log(`PASS [${label}]`);
