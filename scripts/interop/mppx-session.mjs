// MPP session intent: the real mppx session client (tempo "session", the
// contract-backed v1 protocol Dalil speaks: Tempo Stream Channel escrow,
// EIP-712 vouchers) pays Dalil calls through a payment channel, offline.
// mppx 0.11.0 ships it as `sessionLegacyManager` (its default
// `tempo.session` is the TIP-1034 precompile protocol, "v2", which only
// takes challenges that advertise sessionProtocol "v2").
//
// The manager signs the open transaction (approve + escrow.open) with the
// offline stub RPC of mppx.mjs, Dalil broadcasts it to its local Tempo RPC
// where the simulated escrow opens the channel; the following calls are paid
// by vouchers (cumulative +price each); close() signs the final voucher and
// Dalil settles it on the escrow with a payee-signed close().
//
// argv: base URL of dalil serve. Prints one JSON line "session-result" that
// cmd/dalil/interop_test.go checks against the simulated escrow.
import { sessionLegacyManager } from 'mppx/client';
import { createClient, custom } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { tempoModerato } from 'viem/chains';
import { analyzeBody, b64json, expectPaid, fail } from './common.mjs';

const base = process.argv[2];
const url = base + '/api/v1/mpp/charge/analyze_property'; // dedicated MPP route
const canonical = base + '/api/v1/property/analyze'; // canonical route
// A fresh RequestInit per call: mppx's fetch replaces init.headers with a
// Headers object (it adds Accept-Payment), so a shared init cannot be
// spread again.
const post = (body = analyzeBody, headers = {}) => ({ method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
const account = privateKeyToAccount(generatePrivateKey());
const gwei = '0x3b9aca00';
// The payer's wallet RPC, offline: only what viem's prepareTransactionRequest
// reads to fill the open transaction (payment-protocols.md §3.7).
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
const client = createClient({ chain: tempoModerato, transport: custom({ request }) });
// maxDeposit 0.05 (50000 base units): the deposit is min(suggestedDeposit,
// maxDeposit), i.e. five calls at 0.01.
const session = sessionLegacyManager({ account, getClient: () => client, maxDeposit: '0.05' });

const calls = 3;
const receipts = [];
for (let i = 1; i <= calls; i++) {
  // The last call goes to the canonical route (X-Service-Payment-Method).
  const res = i === calls
    ? await session.fetch(canonical, post(analyzeBody, { 'X-Service-Payment-Method': 'mpp' }))
    : await session.fetch(url, post());
  const { receipt } = await expectPaid(res, 'mpp', 'Payment-Receipt');
  const r = b64json(receipt, 'base64url');
  if (r.intent !== 'session' || r.status !== 'success' || r.channelId !== session.channelId) fail(`call ${i}: receipt ${JSON.stringify(r)}`);
  // mppx parsed the same receipt as a session receipt (res.receipt).
  if (!res.receipt || res.receipt.channelId !== session.channelId) fail(`call ${i}: mppx did not read the session receipt: ${JSON.stringify(res.receipt)}`);
  if (BigInt(r.acceptedCumulative) !== session.cumulative || BigInt(r.spent) !== session.cumulative) {
    fail(`call ${i}: receipt accepted ${r.acceptedCumulative} spent ${r.spent}, client voucher at ${session.cumulative}`);
  }
  if (i === 1 && !r.txHash) fail(`open receipt has no txHash: ${JSON.stringify(r)}`);
  receipts.push(r);
  console.log(`ok mpp session call ${i} (mppx ${i === 1 ? 'open' : 'voucher'}): channel ${r.channelId} cumulative ${r.acceptedCumulative}`);
}

// Invalid input is refused before any payment: 400, no voucher signed.
const before = session.cumulative;
const bad = await session.fetch(url, post(JSON.stringify({ propertyValue: -5, annualRent: 7200 })));
if (bad.status !== 400 || session.cumulative !== before) fail(`invalid input: ${bad.status} ${await bad.text()}, client voucher ${session.cumulative} (was ${before})`);
console.log('ok mpp session: invalid input refused with 400 before payment');

// close() posts the final voucher (max of the receipts' accepted and spent)
// to the last URL used; Dalil settles it with the escrow's close().
const closed = await session.close();
if (!closed || closed.intent !== 'session' || closed.channelId !== receipts[0].channelId || !closed.txHash) fail(`close receipt ${JSON.stringify(closed)}`);
if (closed.acceptedCumulative !== String(calls * 10000)) fail(`close settled ${closed.acceptedCumulative}, want ${calls * 10000}`);
console.log(`ok mpp session close (mppx): tx ${closed.txHash} settled ${closed.acceptedCumulative}`);
const result = { payer: account.address, channels: [{ channelId: closed.channelId, settled: closed.acceptedCumulative, closeTx: closed.txHash, openTx: receipts[0].txHash }] };

// The manager's explicit open(): a POST to the last URL with the open
// credential and no body, a management update (the channel opens, its
// initial voucher of one price is accepted, nothing is spent, no tool runs).
// Then one call (voucher = 2 prices, spends one) and close: mppx closes at
// the highest accepted voucher, so the escrow is paid 2 prices.
await session.open();
const second = session.channelId;
if (!second || second === closed.channelId || !session.opened) fail(`open(): channel ${second}`);
console.log(`ok mpp session open() (mppx, bodiless): channel ${second}`);
const res = await session.fetch(url, post());
const { receipt } = await expectPaid(res, 'mpp', 'Payment-Receipt');
const r = b64json(receipt, 'base64url');
if (r.channelId !== second || r.acceptedCumulative !== '20000' || r.spent !== '10000') fail(`call after open(): receipt ${JSON.stringify(r)}`);
console.log(`ok mpp session call after open(): accepted ${r.acceptedCumulative} spent ${r.spent}`);
const closed2 = await session.close();
if (!closed2 || closed2.channelId !== second || !closed2.txHash || closed2.acceptedCumulative !== '20000') fail(`second close receipt ${JSON.stringify(closed2)}`);
console.log(`ok mpp session close (mppx): tx ${closed2.txHash} settled ${closed2.acceptedCumulative}`);
result.channels.push({ channelId: second, settled: closed2.acceptedCumulative, closeTx: closed2.txHash });
console.log('session-result ' + JSON.stringify(result));
