// x402 v1: x402-fetch (reads the JSON 402 body, sends X-PAYMENT, gets
// X-PAYMENT-RESPONSE).
import { wrapFetchWithPayment, decodeXPaymentResponse } from 'x402-fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expectPaid, fail, jsonPost } from './common.mjs';

const base = process.argv[2];
const account = privateKeyToAccount(generatePrivateKey());
const pay = wrapFetchWithPayment(fetch, account);
const res = await pay(base + '/api/v1/x402/property/analyze', jsonPost);
const { receipt } = await expectPaid(res, 'x402', 'X-PAYMENT-RESPONSE');
const r = decodeXPaymentResponse(receipt);
if (r.success !== true || !r.transaction || r.network !== 'base') fail(`receipt ${JSON.stringify(r)}`);
console.log(`ok x402 v1 (x402-fetch): tx ${r.transaction} payer ${r.payer}`);
