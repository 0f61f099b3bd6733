-- Core migration 008_mpp_channels_unclosed until issue 11 (mppsql.Module names it as this
-- file's legacy, so a database that ran it records this one without running).
--
-- The payment-channel sweep of `dalil serve` (mpp.Channels.Sweep) lists,
-- every few minutes, the channels that are not closed yet, by id. Closed
-- channels are kept forever and soon outnumber the others, so a partial
-- index on the unclosed ones keeps that listing from scanning them.
CREATE INDEX mpp_channels_unclosed ON mpp_channels (id) WHERE status <> 'closed';
