// Self-funding with x402 v2 (@x402/fetch + @x402/evm): an agent with no
// account POSTs /api/v1/accounts with the amount it chose, pays the 402's
// challenge for that amount, receives an API key once (201), and the key's
// account holds the amount in credits. The same signed payment sent again
// creates nothing.
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fail } from './common.mjs';

const base = process.argv[2];
const account = privateKeyToAccount(generatePrivateKey());
// The client's own spend control caps a payment at $1 by default; an agent
// funding an account raises it to what it means to spend.
const client = new x402Client().register('eip155:*', new ExactEvmScheme(account)).setSpendControls({ maxAmountPerPayment: '$10' });
let paid; // the request the client sent with its payment, kept to replay it
const recording = async (input, init) => {
  const req = new Request(input, init);
  if (req.headers.get('PAYMENT-SIGNATURE')) paid = req.clone();
  return fetch(req);
};
const pay = wrapFetchWithPayment(recording, client);
const res = await pay(base + '/api/v1/accounts', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Service-Payment-Method': 'x402' },
  body: JSON.stringify({ usd: '5.00', name: 'npm agent' }),
});
const text = await res.text();
let body;
try {
  body = JSON.parse(text);
} catch {
  fail(`status ${res.status}, body is not JSON: ${text.slice(0, 300)}`);
}
if (res.status !== 201 || !body.data?.apiKey || body.data.creditsUsd !== 5) fail(`funding: ${res.status} ${text.slice(0, 500)}`);
const key = body.data.apiKey;
const bal = await (await fetch(base + '/api/v1/account/balance', { headers: { 'X-API-Key': key } })).json();
if (bal.data?.credits?.available !== 5) fail(`balance ${JSON.stringify(bal)}`);
if (!paid) fail('the client sent no PAYMENT-SIGNATURE');
const again = await fetch(paid);
const replay = await again.text();
if (again.status < 400 || replay.includes(key)) fail(`replay: ${again.status} ${replay.slice(0, 300)}`);
console.log(`ok x402 v2 (@x402/fetch) funding: account ${body.data.accountId} with USD 5.00; replay ${again.status}`);
