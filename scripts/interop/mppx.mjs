// MPP: the mppx client (tempo charge, pull mode). mppx asks a Tempo RPC to
// fill the transaction; offline, a stub answers the few read calls it
// makes (payment-protocols.md §3.7) and the signed 0x76 transaction goes
// to dalil, which broadcasts it through its own (local) Tempo RPC. Also
// opens a session: its deposit is an ordinary tempo charge.
import { Mppx, tempo } from 'mppx/client';
import { createClient, custom } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tempoModerato } from 'viem/chains';
import { analyzeBody, b64json, expectPaid, fail, jsonPost } from './common.mjs';

const base = process.argv[2];
const account = privateKeyToAccount(generatePrivateKey());
const gwei = '0x3b9aca00';
async function request({ method }) {
  switch (method) {
    case 'eth_chainId': return '0xa5bf'; // 42431, tempo-testnet (Moderato)
    case 'eth_estimateGas': return '0x30d40';
    case 'eth_maxPriorityFeePerGas': return '0x0';
    case 'eth_gasPrice': return gwei;
    case 'eth_getTransactionCount': return '0x0';
    case 'eth_getBlockByNumber':
      return { number: '0x1', hash: '0x' + '11'.repeat(32), parentHash: '0x' + '00'.repeat(32), timestamp: '0x' + Math.floor(Date.now() / 1000).toString(16), baseFeePerGas: gwei, gasLimit: '0x1c9c380', gasUsed: '0x0', transactions: [] };
    default: throw new Error(`offline stub RPC: ${method} not available`);
  }
}
const mppx = Mppx.create({
  methods: [tempo({ account, getClient: () => createClient({ chain: tempoModerato, transport: custom({ request }) }) })],
  polyfill: false,
});

const res = await mppx.fetch(base + '/api/v1/mpp/charge/analyze_property', jsonPost);
const { receipt } = await expectPaid(res, 'mpp', 'Payment-Receipt');
const r = b64json(receipt, 'base64url');
if (r.status !== 'success' || !r.reference) fail(`receipt ${JSON.stringify(r)}`);
console.log(`ok mpp charge (mppx): tx ${r.reference}`);

// A session: mppx pays the deposit challenge, then calls draw it down.
const open = await mppx.fetch(base + '/api/v1/mpp/sessions', {
  method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ maxBudget: '0.02', currency: 'USD', allowedTools: ['analyze_property'] }),
});
const opened = await open.json();
if (open.status !== 201 || opened.data?.status !== 'active') fail(`session open: ${open.status} ${JSON.stringify(opened)}`);
const id = opened.data.id;
const call = await fetch(`${base}/api/v1/mpp/sessions/${id}/tools/analyze_property`, {
  method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'interop-1' }, body: analyzeBody,
});
const called = await call.json();
if (call.status !== 200 || called.meta?.paymentMethod !== 'mpp' || !called.data) fail(`session call: ${call.status} ${JSON.stringify(called)}`);
const close = await fetch(`${base}/api/v1/mpp/sessions/${id}/close`, { method: 'POST' });
const closed = await close.json();
const cr = close.headers.get('Payment-Receipt') ? b64json(close.headers.get('Payment-Receipt'), 'base64url') : {};
if (close.status !== 200 || closed.data?.status !== 'closed' || cr.refunded !== '10000') fail(`session close: ${close.status} ${JSON.stringify(closed)} ${JSON.stringify(cr)}`);
console.log(`ok mpp session (mppx deposit): ${id} spent ${cr.spent} refunded ${cr.refunded}`);
