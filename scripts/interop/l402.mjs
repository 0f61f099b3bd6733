// L402: lsat-js parses the challenge, bolt11 decodes the invoice (hash,
// amount, signature); the invoice is paid through the test's wallet
// endpoint (the local LND: no npm client pays Lightning offline); lsat-js
// builds the token, sent with the L402 scheme (lsat-js only knows LSAT).
import lsatjs from 'lsat-js';
import bolt11 from 'bolt11';
import { expectPaid, fail, jsonPost } from './common.mjs';

const { Lsat } = lsatjs;
const [base, wallet] = process.argv.slice(2);
const url = base + '/api/v1/l402/property/analyze';
const first = await fetch(url, jsonPost);
if (first.status !== 402) fail(`unpaid call: ${first.status}`);
const header = first.headers.get('www-authenticate'); // both lines, folded by fetch
const lsat = Lsat.fromHeader(header);
const inv = bolt11.decode(lsat.invoice);
const hash = inv.tags.find((t) => t.tagName === 'payment_hash')?.data;
if (hash !== lsat.paymentHash || !(inv.satoshis > 0)) fail(`invoice ${hash} vs macaroon ${lsat.paymentHash}, ${inv.satoshis} sat`);
const paid = await fetch(wallet, { method: 'POST', body: lsat.invoice });
if (paid.status !== 200) fail(`wallet: ${paid.status} ${await paid.text()}`);
lsat.setPreimage((await paid.text()).trim());
if (!lsat.isSatisfied()) fail('preimage does not match the payment hash');
const token = lsat.toToken().replace(/^LSAT /, 'L402 ');
const res = await fetch(url, { ...jsonPost, headers: { ...jsonPost.headers, Authorization: token } });
const { receipt } = await expectPaid(res, 'l402', 'X-L402-Receipt');
console.log(`ok l402 (lsat-js + bolt11): ${inv.satoshis} sat, ${receipt}`);
