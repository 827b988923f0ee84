import { useEffect, useState } from "react";
import type { AskReport, OverviewReport, PagesReport, SearchReport, SessionInfo } from "../lib/api";
import type { Range, View } from "./api";
import { APIError, decimal, getJSON, percent, viewURL } from "./api";
import { Chart } from "./Chart";
import { SourceLink } from "./SourceLink";

const VIEWS: { id: View; label: string }[] = [
  { id: "overview", label: "Overview" },
  { id: "search", label: "Search" },
  { id: "pages", label: "Pages" },
  { id: "askai", label: "Ask AI" },
];

/** The CSV tables each view offers (internal/dashboard/views.go). */
const TABLES: Record<View, string[]> = {
  overview: ["days"],
  search: ["days", "top", "no-results", "far-clicks"],
  pages: ["pages", "trend", "comments"],
  askai: ["days", "engines", "thumbs-down", "no-source"],
};

function viewFromHash(): View {
  const h = window.location.hash.replace(/^#/, "");
  return VIEWS.some((v) => v.id === h) ? (h as View) : "overview";
}

type Data = OverviewReport | SearchReport | PagesReport | AskReport;

/** The docs team's dashboard: a view chooser, a range chooser, the view, its downloads and sign-out. */
export function Dashboard() {
  const [view, setView] = useState<View>(viewFromHash);
  const [range, setRange] = useState<Range>({ days: 30 });
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [loaded, setLoaded] = useState<{ key: string; data?: Data; error?: string } | null>(null);
  const key = viewURL(view, range);

  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  useEffect(() => {
    getJSON<SessionInfo>("/api/admin/session").then(setSession, () => window.location.assign("/admin/login"));
  }, []);

  useEffect(() => {
    const ctl = new AbortController();
    getJSON<Data>(key, ctl.signal).then(
      (data) => setLoaded({ key, data }),
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        if (err instanceof APIError && err.status === 401) {
          window.location.assign("/admin/login");
          return;
        }
        setLoaded({ key, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => ctl.abort();
  }, [key]);

  const current = loaded?.key === key ? loaded : null;
  return (
    <div className="dash">
      <header className="dash-header">
        <h1>tzdocs dashboard</h1>
        {session && (
          <form method="post" action="/admin/logout" className="dash-signout">
            <span>
              Signed in as <strong>{session.who}</strong>
            </span>
            <input type="hidden" name="csrf" value={session.csrfToken} />
            <button type="submit">Sign out</button>
          </form>
        )}
      </header>
      <nav aria-label="Dashboard views" className="dash-tabs">
        {VIEWS.map((v) => (
          <a key={v.id} href={`#${v.id}`} aria-current={v.id === view ? "page" : undefined}>
            {v.label}
          </a>
        ))}
      </nav>
      <RangePicker range={range} onChange={setRange} />
      <p className="dash-downloads">
        Download: <a href={key}>JSON</a>
        {TABLES[view].map((t) => (
          <a key={t} href={viewURL(view, range, t)} download>
            CSV: {t}
          </a>
        ))}
      </p>
      <main aria-live="polite" aria-busy={!current}>
        {!current && <p>Loading…</p>}
        {current?.error && <p className="dash-error">{current.error}</p>}
        {current?.data && view === "overview" && <OverviewView data={current.data as OverviewReport} />}
        {current?.data && view === "search" && <SearchView data={current.data as SearchReport} />}
        {current?.data && view === "pages" && <PagesView data={current.data as PagesReport} />}
        {current?.data && view === "askai" && <AskView data={current.data as AskReport} />}
      </main>
    </div>
  );
}

function RangePicker({ range, onChange }: { range: Range; onChange: (r: Range) => void }) {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  return (
    <div className="dash-range" role="group" aria-label="Date range">
      {([7, 30, 90] as const).map((d) => (
        <button key={d} type="button" aria-pressed={"days" in range && range.days === d} onClick={() => onChange({ days: d })}>
          {d} days
        </button>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (from && to) onChange({ from, to });
        }}
      >
        <label>
          From <input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" aria-pressed={"from" in range}>
          Show
        </button>
      </form>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="dash-stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Caption({ data }: { data: { range: { from: string; to: string; days: number } } }) {
  return (
    <p className="dash-caption">
      {data.range.from} to {data.range.to} ({data.range.days} days)
    </p>
  );
}

function OverviewView({ data }: { data: OverviewReport }) {
  const days = data.days.map((d) => d.day);
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <Caption data={data} />
      <div className="dash-cards">
        <div className="dash-card">
          <h3>Search</h3>
          <dl>
            <Stat label="Searches" value={data.search.searches} />
            <Stat label="Without result" value={data.search.noResults} />
            <Stat label="Click-through rate" value={percent(data.search.ctr)} />
          </dl>
          <Chart spark height={50} title="Searches per day" days={days} series={[{ label: "Searches", values: data.days.map((d) => d.searches), color: "--dash-series-1" }]} />
        </div>
        <div className="dash-card">
          <h3>Pages</h3>
          <dl>
            <Stat label="Helpful" value={data.pages.helpful} />
            <Stat label="Not helpful" value={data.pages.notHelpful} />
            <Stat label="Comments" value={data.pages.comments} />
          </dl>
          <Chart spark height={50} title="Not helpful votes per day" days={days} series={[{ label: "Not helpful", values: data.days.map((d) => d.notHelpful), color: "--dash-series-2" }]} />
        </div>
        <div className="dash-card">
          <h3>Ask AI</h3>
          <dl>
            <Stat label="Questions" value={data.askai.questions} />
            <Stat label="Thumbs up" value={data.askai.up} />
            <Stat label="Thumbs down" value={data.askai.down} />
          </dl>
          <Chart spark height={50} title="Questions per day" days={days} series={[{ label: "Questions", values: data.days.map((d) => d.questions), color: "--dash-series-3" }]} />
        </div>
      </div>
    </section>
  );
}

function QueryTable({ caption, rows }: { caption: string; rows: { query: string; searches: number; nbHits: number }[] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Query</th>
          <th scope="col">Searches</th>
          <th scope="col">Most hits</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={3}>None in this range.</td>
          </tr>
        )}
        {rows.map((q) => (
          <tr key={q.query}>
            <td>{q.query}</td>
            <td>{q.searches}</td>
            <td>{q.nbHits}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SearchView({ data }: { data: SearchReport }) {
  const days = data.days.map((d) => d.day);
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">Search</h2>
      <Caption data={data} />
      <dl className="dash-stats">
        <Stat label="Searches" value={data.totals.searches} />
        <Stat label="Without result" value={data.totals.noResults} />
        <Stat label="Click-through rate" value={percent(data.totals.ctr)} />
        <Stat label="Average click position" value={decimal(data.totals.avgPosition)} />
      </dl>
      <Chart
        title="Searches per day"
        days={days}
        series={[
          { label: "Searches", values: data.days.map((d) => d.searches), color: "--dash-series-1" },
          { label: "Without result", values: data.days.map((d) => d.noResults), color: "--dash-series-2" },
        ]}
      />
      <Chart
        title="Click-through rate per day (%)"
        days={days}
        format={(v) => (v === null ? "–" : v.toFixed(1))}
        series={[{ label: "CTR %", values: data.days.map((d) => (d.ctr === null ? null : 100 * d.ctr)), color: "--dash-series-3" }]}
      />
      <Chart
        title="Average click position per day"
        days={days}
        format={decimal}
        series={[{ label: "Position", values: data.days.map((d) => d.avgPosition), color: "--dash-series-4" }]}
      />
      <QueryTable caption="Top queries" rows={data.top} />
      <QueryTable caption="Top queries without results" rows={data.noResults} />
      <table>
        <caption>Queries whose clicks land below position {data.farPosition}</caption>
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Clicks</th>
            <th scope="col">Below {data.farPosition}</th>
            <th scope="col">Average position</th>
          </tr>
        </thead>
        <tbody>
          {data.farClicks.map((f) => (
            <tr key={f.query}>
              <td>{f.query}</td>
              <td>{f.clicks}</td>
              <td>{f.far}</td>
              <td>{decimal(f.avgPosition)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PagesView({ data }: { data: PagesReport }) {
  return (
    <section aria-labelledby="pages-title">
      <h2 id="pages-title">Pages</h2>
      <Caption data={data} />
      <table>
        <caption>Votes per page, least helpful first</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Helpful</th>
            <th scope="col">Not helpful</th>
            <th scope="col">Helpful share</th>
            <th scope="col">Comments</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {data.pages.map((p) => (
            <tr key={p.url}>
              <td>
                <a href={p.url}>{p.url}</a>
              </td>
              <td>{p.helpful}</td>
              <td>{p.notHelpful}</td>
              <td>{percent(p.ratio)}</td>
              <td>{p.comments}</td>
              <td>
                <SourceLink source={p.source} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.trend.map((t) => (
        <Chart
          key={t.url}
          title={`Votes per day on ${t.url}`}
          days={t.days.map((d) => d.day)}
          series={[
            { label: "Helpful", values: t.days.map((d) => d.helpful), color: "--dash-series-3" },
            { label: "Not helpful", values: t.days.map((d) => d.notHelpful), color: "--dash-series-2" },
          ]}
        />
      ))}
      <h3>Comments</h3>
      <ul className="dash-items">
        {data.comments.map((c, i) => (
          <li key={i}>
            <p className="dash-meta">
              {c.at.slice(0, 10)} · {c.url ? <a href={c.url}>{c.url}</a> : "no page"}
              {c.helpful !== null && (c.helpful ? " · helpful" : " · not helpful")}
              {c.category && ` · ${c.category}`}
            </p>
            <p className="dash-text">{c.comment}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Items({ items }: { items: AskReport["thumbsDown"] }) {
  if (items.length === 0) return <p>None in this range.</p>;
  return (
    <ul className="dash-items">
      {items.map((it, i) => (
        <li key={i}>
          <p className="dash-meta">
            {it.at.slice(0, 10)} · {it.engine || "engine unknown"}
          </p>
          <p className="dash-question">{it.question}</p>
          <p className="dash-text">{it.answer}</p>
          {it.sources.length > 0 && (
            <p className="dash-meta">
              Sources:{" "}
              {it.sources.map((s) => (
                <a key={s} href={s}>
                  {s}{" "}
                </a>
              ))}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function AskView({ data }: { data: AskReport }) {
  const days = data.days.map((d) => d.day ?? ""); // every row of days has its day; only the totals have none
  return (
    <section aria-labelledby="askai-title">
      <h2 id="askai-title">Ask AI</h2>
      <Caption data={data} />
      <dl className="dash-stats">
        <Stat label="Questions" value={data.totals.questions} />
        <Stat label="Answers citing no source" value={data.totals.noSource} />
        <Stat label="Thumbs up" value={data.totals.up} />
        <Stat label="Thumbs down" value={data.totals.down} />
      </dl>
      <Chart
        title="Questions and votes per day"
        days={days}
        series={[
          { label: "Questions", values: data.days.map((d) => d.questions), color: "--dash-series-1" },
          { label: "Thumbs up", values: data.days.map((d) => d.up), color: "--dash-series-3" },
          { label: "Thumbs down", values: data.days.map((d) => d.down), color: "--dash-series-2" },
        ]}
      />
      <table>
        <caption>Votes by engine</caption>
        <thead>
          <tr>
            <th scope="col">Engine</th>
            <th scope="col">Thumbs up</th>
            <th scope="col">Thumbs down</th>
            <th scope="col">Up share</th>
          </tr>
        </thead>
        <tbody>
          {data.engines.map((e) => (
            <tr key={e.engine}>
              <td>{e.engine || "unknown (answer gone)"}</td>
              <td>{e.up}</td>
              <td>{e.down}</td>
              <td>{percent(e.upRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Answers rated down</h3>
      <Items items={data.thumbsDown} />
      <h3>Answers citing no source</h3>
      <Items items={data.noSource} />
    </section>
  );
}
