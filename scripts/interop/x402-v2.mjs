// x402 v2: @x402/fetch + @x402/evm (ExactEvmScheme, EIP-3009 signed
// locally by a viem account; no RPC). Reads PAYMENT-REQUIRED, sends
// PAYMENT-SIGNATURE, gets PAYMENT-RESPONSE.
import { wrapFetchWithPayment, x402Client, decodePaymentResponseHeader } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expectPaid, fail, jsonPost } from './common.mjs';

const base = process.argv[2];
const account = privateKeyToAccount(generatePrivateKey());
const client = new x402Client().register('eip155:*', new ExactEvmScheme(account));
const pay = wrapFetchWithPayment(fetch, client);
for (const path of ['/api/v1/x402/property/analyze']) {
  const res = await pay(base + path, jsonPost);
  const { receipt } = await expectPaid(res, 'x402', 'PAYMENT-RESPONSE');
  const r = decodePaymentResponseHeader(receipt);
  if (r.success !== true || !r.transaction || r.payer?.toLowerCase() !== account.address.toLowerCase()) fail(`receipt ${JSON.stringify(r)}`);
  console.log(`ok x402 v2 (@x402/fetch) ${path}: tx ${r.transaction} payer ${r.payer}`);
}
