-- The tool calls a provider's assistant made during a call it held with
-- Dalil's conversation tools (Vapi), in order, as JSON
-- (voice.Record.ToolCalls): the call's outcome is their tally, replayed
-- whole by the conversation rules at each new call and at the end of the
-- call. '' for calls without any, and for the calls placed before this
-- migration.
ALTER TABLE voice_calls ADD COLUMN tool_calls TEXT NOT NULL DEFAULT '';
