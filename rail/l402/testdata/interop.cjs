// Drives the npm L402 client libraries against a challenge minted by the Go
// rail (see TestNPMInterop). Input on stdin: {"header": "<WWW-Authenticate
// value>", "preimage": "<hex>"}. Output on stdout: what lsat-js and bolt11
// made of it, and the Authorization token lsat-js builds.
const { Lsat } = require('lsat-js');
const bolt11 = require('bolt11');

let input = '';
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const { header, preimage } = JSON.parse(input);
  const lsat = Lsat.fromHeader(header);
  const inv = bolt11.decode(lsat.invoice);
  const hashTag = inv.tags.find((t) => t.tagName === 'payment_hash');
  lsat.setPreimage(preimage);
  process.stdout.write(JSON.stringify({
    paymentHash: lsat.paymentHash,
    invoicePaymentHash: hashTag && hashTag.data,
    satoshis: inv.satoshis,
    network: inv.network && inv.network.bech32,
    payeeNodeKey: inv.payeeNodeKey,
    description: (inv.tags.find((t) => t.tagName === 'description') || {}).data,
    satisfied: lsat.isSatisfied(),
    token: lsat.toToken(),
  }));
});
