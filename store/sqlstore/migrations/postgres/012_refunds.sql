-- Refunds (Store.Refund): a metered call is charged its maximum when it
-- starts and given back what it did not use when it ends. One refund per
-- charge, found by the charge's request id.
CREATE UNIQUE INDEX ledger_refund ON ledger(request_id) WHERE kind = 'refund';
CREATE INDEX ledger_request ON ledger(request_id) WHERE request_id <> '';
