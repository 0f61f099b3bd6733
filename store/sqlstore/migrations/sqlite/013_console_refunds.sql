-- The console's sums are net of refunds (issue 28): a voice call charged
-- its maximum and refunded what it did not use counts only what was kept.
-- amount becomes charges less refunds (a refund counts in the hour it was
-- made, so a day can be negative), refunded the refunds beside it. The
-- days rolled up before this held charges alone: they are forgotten and
-- summed again from the ledger on the next read.
ALTER TABLE console_revenue_days ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0;
ALTER TABLE console_spend_days ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0;
DELETE FROM console_revenue_days;
DELETE FROM console_spend_days;
DELETE FROM console_rolled_hours;
