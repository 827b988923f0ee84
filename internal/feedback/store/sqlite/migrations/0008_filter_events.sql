-- Insights events about filters (clickedFilters, convertedFilters, viewedFilters) keep their facet
-- filters, as a JSON array of "attribute:value" strings, instead of object ids.
ALTER TABLE insight_events ADD COLUMN filters TEXT NOT NULL DEFAULT '[]';

-- Totals rolled up from events with positions no valid request gives (below 1 or past 1,000) hold
-- sums no click can make: their position figures are cleared, their counts kept.
UPDATE insight_daily SET positions = 0, position_sum = 0
    WHERE positions < 0 OR position_sum < 0 OR position_sum > positions * 1000;
UPDATE dashboard_daily SET positions = 0, position_sum = 0
    WHERE positions < 0 OR position_sum < 0 OR position_sum > positions * 1000;
UPDATE search_daily SET position_sum = 0, far = 0
    WHERE clicks < 0 OR position_sum < 0 OR position_sum > clicks * 1000;
UPDATE search_blocks SET position_sum = 0, far = 0
    WHERE clicks < 0 OR position_sum < 0 OR position_sum > clicks * 1000;
