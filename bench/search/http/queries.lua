-- wrk script: POST the search API, rotating over the queries of bench/search/queries.tsv
-- (path in the QUERIES environment variable), with the body the site's search dialog sends.
local bodies = {}
local n = 0

local function json_string(s)
  s = s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' end
    if c == "\\" then return "\\\\" end
    return string.format("\\u%04x", c:byte())
  end)
  return '"' .. s .. '"'
end

local file = os.getenv("QUERIES") or "bench/search/queries.tsv"
local f = assert(io.open(file, "r"), file .. ": cannot open; set QUERIES to the queries file")
for line in f:lines() do
  local q = line:match("^([^\t#][^\t]*)\t")
  if q and q:match("%S") then
    bodies[#bodies + 1] = '{"requests":[{"indexName":"tezosdocs","query":' .. json_string(q) ..
      ',"hitsPerPage":20,"attributesToRetrieve":["hierarchy.lvl0","hierarchy.lvl1","hierarchy.lvl2",' ..
      '"hierarchy.lvl3","hierarchy.lvl4","hierarchy.lvl5","hierarchy.lvl6","content","type","url"],' ..
      '"attributesToSnippet":["content:15"],"snippetEllipsisText":"…","highlightPreTag":"<mark>",' ..
      '"highlightPostTag":"</mark>","clickAnalytics":true,"facetFilters":[["language:en"],' ..
      '["docusaurus_tag:default","docusaurus_tag:docs-default-current"]]}]}'
  end
end
f:close()
assert(#bodies > 0, file .. ": no queries")

wrk.method = "POST"
wrk.path = "/api/search/1/indexes/*/queries"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

request = function()
  n = n % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[n])
end

done = function(summary, latency, requests)
  io.write(string.format("wrk: %d requests, non-2xx/3xx counted by wrk: %d, socket errors: %d\n",
    summary.requests, summary.errors.status, summary.errors.connect + summary.errors.read +
    summary.errors.write + summary.errors.timeout))
end
