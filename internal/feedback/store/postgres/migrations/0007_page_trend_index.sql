-- The pages view reads the daily votes of its few worst pages one page at a time (decision 0015): the
-- index on url alone becomes one on (url, created_at), which serves every use of the old one.
DROP INDEX page_feedback_url;
CREATE INDEX page_feedback_url ON page_feedback (url, created_at);
