// Shared helpers of the interop scripts: each makes one paid call with a
// real npm client against a running `dalil serve` and exits non-zero
// unless the answer is a 200 with data paid by the expected rail.
export const analyzeBody = JSON.stringify({ propertyValue: 85000, annualRent: 7200 });
export const jsonPost = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: analyzeBody };

export function fail(msg) {
  console.error(`FAIL ${process.argv[1]}: ${msg}`);
  process.exit(1);
}

// expectPaid reads a response and checks the success envelope.
export async function expectPaid(res, rail, receiptHeader) {
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    fail(`status ${res.status}, body is not JSON: ${text.slice(0, 300)}`);
  }
  if (res.status !== 200 || body.success !== true || !body.data || body.meta?.paymentMethod !== rail) {
    fail(`status ${res.status}: ${text.slice(0, 500)}`);
  }
  const receipt = res.headers.get(receiptHeader);
  if (!receipt) fail(`no ${receiptHeader} header`);
  return { body, receipt };
}

export function b64json(s, encoding = 'base64') {
  return JSON.parse(Buffer.from(s, encoding).toString('utf8'));
}
