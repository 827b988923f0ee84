-- One vote per answered exchange: new votes carry a digest of their message id in vote_key
-- (store.VoteKey), which is unique.
-- Votes stored before this migration keep a NULL key (NULLs are distinct in a unique index), so an
-- existing database upgrades without losing or merging any row.
ALTER TABLE answer_feedback ADD COLUMN vote_key TEXT;
CREATE UNIQUE INDEX answer_feedback_vote_key ON answer_feedback (vote_key);
